-- Append dispute entries to one game's disputes stream, atomically, after the entry the
-- writer read last; a keyed write (an Idempotency-Key) is recorded with its entry.
-- KEYS: 1 disputes stream, 2 the game's meta hash (the game must exist), 3 the keyed writes,
--       4 the feed (on a cluster, the outbox of the game's slot: events/keys.py)
-- ARGV: expected count of entries, the hash of the last of them (the genesis for none), the
--       keyed write's scope and request digests ("" "" for none: then any number of entries,
--       else one), the game id, then "<kind> <canonical entry>" an argument, numbered from
--       count + 1; each is noted in the feed as the log's events are (events/append.lua)
-- Returns {"ok", count} | {"moved", count} | {"no_game"} | {"keyed", entry}: the key wrote
--       that entry before (with this request or another: the writer reads which)
local expected = tonumber(ARGV[1])
local prev_hash = ARGV[2]
local scope = ARGV[3]
local request = ARGV[4]
if redis.call('EXISTS', KEYS[2]) == 0 then
  return {'no_game'}
end
if scope ~= '' then
  local written = redis.call('HGET', KEYS[3], scope)
  if written then
    return {'keyed', string.match(written, '^(%d+):')}
  end
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local count = 0
if #last > 0 then
  count = tonumber(string.match(last[1][1], '^(%d+)-'))
  local ok, entry = pcall(cjson.decode, last[1][2][2])
  if not ok or type(entry) ~= 'table' or entry['hash'] ~= prev_hash then
    return {'moved', tostring(count)}
  end
end
if count ~= expected then
  return {'moved', tostring(count)}
end
local game_kind = redis.call('HGET', KEYS[2], 'kind') or ''
for i = 6, #ARGV do
  count = count + 1
  local space = string.find(ARGV[i], ' ', 1, true)
  redis.call('XADD', KEYS[1], count .. '-0', 'e', string.sub(ARGV[i], space + 1))
  redis.call('XADD', KEYS[4], '*', 'n',
             ARGV[5] .. ' ' .. game_kind .. ' ' .. string.sub(ARGV[i], 1, space - 1) .. ' d' .. count)
end
if KEYS[4] ~= '{feed}' then  -- a cluster's outbox: the workers move it into the feed
  redis.call('PUBLISH', 'feed:outbox', KEYS[4])
end
if scope ~= '' then
  redis.call('HSET', KEYS[3], scope, count .. ':' .. request)
end
return {'ok', tostring(count)}
