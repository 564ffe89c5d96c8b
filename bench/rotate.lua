-- wrk script for bench/wrk.sh: every request takes the next path of a list (one per line, given
-- after `--`), each thread starting at its own random place, so a run asks for many distinct
-- answers instead of one. Headers given with -H are sent with every request.
local paths = {}
local next_index = 1

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16))
  next_index = math.random(#paths)
end

function request()
  next_index = next_index % #paths + 1
  return wrk.format(nil, paths[next_index])
end
