-- Append dispute entries to one game's disputes stream, atomically, after the entry the
-- writer read last.
-- KEYS: 1 disputes stream, 2 the game's meta hash (the game must exist)
-- ARGV: expected count of entries, the hash of the last of them (the genesis for none), then
--       one canonical entry a argument, numbered from count + 1
-- Returns {"ok", count} | {"moved", count} | {"no_game"}
local expected = tonumber(ARGV[1])
local prev_hash = ARGV[2]
if redis.call('EXISTS', KEYS[2]) == 0 then
  return {'no_game'}
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
for i = 3, #ARGV do
  count = count + 1
  redis.call('XADD', KEYS[1], count .. '-0', 'e', ARGV[i])
end
return {'ok', tostring(count)}
