-- Append a batch of sealed events to one game's log, atomically, and note each in the feed.
-- KEYS: 1 events stream, 2 event_ids hash, 3 meta hash, 4 head record, 5 states sorted set,
--       6 withdrawals sorted set, 7 the feed (on a cluster, the outbox of the game's slot),
--       8 keyed writes hash
-- ARGV: the game id, expected_version, prev_hash, last_hash, the SHA-1 of the entry expected
--       at expected_version ("" for no such check: a writer that just read the head), n, then
--       n x "<event_id> <digest> <receipt> <type> <envelope>", the receipt as kept (see
--       below, "" for none)
--       (one argument an event: fewer arguments, a cheaper call), then the scope digest of
--       the Idempotency-Key it was sent with and what to remember of it ("" and "" for
--       none), then the head record ("" for none), then the count of meta field/value pairs
--       and the pairs, then the count of seq/record pairs for the states sorted set and the
--       pairs (one record a seq: an older one at that seq is replaced), then seq/member
--       pairs for the withdrawals sorted set.
-- Returns {"ok", version} | {"duplicate", seq...} | {"version_conflict", version}
--       | {"idempotency_conflict", event_id, seq} | {"key_written", remembered}
-- A key is remembered with the events it wrote, once: a key that wrote other events before
-- (a redo of another undo) writes nothing and is answered what it remembers.
-- The event-id index maps each id to "<seq>:<digest>", and ":<receipt>" after it when the
-- append was receipted: a retry is answered with the receipt first issued, never a new one.
-- The feed's note of an event is one field, "<game> <kind> <type> s<seq>", the kind from the
-- meta as written; the stream's own id, given here, is the order of acknowledgement.
local game_id = ARGV[1]
local expected = tonumber(ARGV[2])
local prev_hash = ARGV[3]
local last_hash = ARGV[4]
local last_entry = ARGV[5]
local n = tonumber(ARGV[6])

local ids, digests, receipts, types, envelopes = {}, {}, {}, {}, {}
for i = 1, n do
  local arg = ARGV[6 + i]
  local first = string.find(arg, ' ', 1, true)
  local second = string.find(arg, ' ', first + 1, true)
  local third = string.find(arg, ' ', second + 1, true)
  local fourth = string.find(arg, ' ', third + 1, true)
  ids[i] = string.sub(arg, 1, first - 1)
  digests[i] = string.sub(arg, first + 1, second - 1)
  receipts[i] = string.sub(arg, second + 1, third - 1)
  types[i] = string.sub(arg, third + 1, fourth - 1)
  envelopes[i] = string.sub(arg, fourth + 1)
end

local known_seqs = {}
local known = 0
for i = 1, n do
  local entry = redis.call('HGET', KEYS[2], ids[i])
  if entry then
    local sep = string.find(entry, ':', 1, true)
    local after_digest = string.find(entry, ':', sep + 1, true)
    local digest = string.sub(entry, sep + 1, (after_digest or 0) - 1)
    if digest ~= digests[i] then
      return {'idempotency_conflict', ids[i], string.sub(entry, 1, sep - 1)}
    end
    known = known + 1
    known_seqs[i] = string.sub(entry, 1, sep - 1)
  end
end
if known == n then
  local reply = {'duplicate'}
  for i = 1, n do reply[i + 1] = known_seqs[i] end
  return reply
end
if known > 0 then
  for i = 1, n do
    if known_seqs[i] then
      return {'idempotency_conflict', ids[i], known_seqs[i]}
    end
  end
end

local pos = 6 + n + 1
local scope = ARGV[pos]
if scope ~= '' then
  local remembered = redis.call('HGET', KEYS[8], scope)
  if remembered then
    return {'key_written', remembered}
  end
end

local head = redis.call('HMGET', KEYS[3], 'version', 'head_hash')
local version = tonumber(head[1] or '0')
if version ~= expected then
  return {'version_conflict', tostring(version)}
end
if (head[2] or string.rep('0', 64)) ~= prev_hash then
  return {'version_conflict', tostring(version)}
end
if last_entry ~= '' then
  -- a head kept by the writer since its last append: the last event must still be the bytes
  -- it wrote, as a head read would check it; else the writer reads the head again
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  if #last == 0 or last[1][1] ~= version .. '-0' or last[1][2][1] ~= 'e'
      or redis.sha1hex(last[1][2][2]) ~= last_entry then
    return {'version_conflict', tostring(version)}
  end
end

for i = 1, n do
  local seq = version + i
  redis.call('XADD', KEYS[1], seq .. '-0', 'e', envelopes[i])
  local indexed = seq .. ':' .. digests[i]
  if receipts[i] ~= '' then indexed = indexed .. ':' .. receipts[i] end
  redis.call('HSET', KEYS[2], ids[i], indexed)
end
if scope ~= '' then
  redis.call('HSET', KEYS[8], scope, ARGV[pos + 1])
end
pos = pos + 2
if ARGV[pos] ~= '' then
  redis.call('SET', KEYS[4], ARGV[pos])
end
-- the meta in one command: each call from a script costs more than the work it does
local meta = {'version', version + n, 'head_hash', last_hash}
local meta_count = tonumber(ARGV[pos + 1])
pos = pos + 2
for _ = 1, meta_count do
  meta[#meta + 1] = ARGV[pos]
  meta[#meta + 1] = ARGV[pos + 1]
  pos = pos + 2
end
redis.call('HSET', KEYS[3], unpack(meta))
local kind = redis.call('HGET', KEYS[3], 'kind') or ''
for i = 1, n do
  redis.call('XADD', KEYS[7], '*', 'n', game_id .. ' ' .. kind .. ' ' .. types[i] .. ' s' .. (version + i))
end
if KEYS[7] ~= '{feed}' then  -- a cluster's outbox: the workers move it into the feed
  redis.call('PUBLISH', 'feed:outbox', KEYS[7])
end
local state_count = tonumber(ARGV[pos])
pos = pos + 1
for _ = 1, state_count do
  redis.call('ZREMRANGEBYSCORE', KEYS[5], ARGV[pos], ARGV[pos])
  redis.call('ZADD', KEYS[5], ARGV[pos], ARGV[pos + 1])
  pos = pos + 2
end
while pos < #ARGV do
  redis.call('ZREMRANGEBYSCORE', KEYS[6], ARGV[pos], ARGV[pos])
  redis.call('ZADD', KEYS[6], ARGV[pos], ARGV[pos + 1])
  pos = pos + 2
end
return {'ok', tostring(version + n)}
