-- wrk script for bench/per_request.sh: each thread stops after the number of answers given
-- after `--`, so two runs count the same requests (wrk still waits out its -d duration:
-- bench/per_request.sh interrupts it once the server has answered them all).
local limit, count = 0, 0

function init(args)
  limit = tonumber(args[1])
end

function response()
  count = count + 1
  if count >= limit then
    wrk.thread:stop()
  end
end
