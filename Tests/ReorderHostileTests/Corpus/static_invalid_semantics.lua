-- Fault: semantics is the unknown name "swap".
-- Host must: refuse to load: semantics must be "move", "exchange" or a function.
-- expect: load=error
return {
  name = "static_invalid_semantics",
  api = 1,
  semantics = "swap",  -- FAULT
}
