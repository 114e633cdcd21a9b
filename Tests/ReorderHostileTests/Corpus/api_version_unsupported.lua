-- Fault: the policy asks for api = 99.
-- Host must: refuse to load it: unsupported api version 99 (this host speaks api 1).
-- expect: load=error
return {
  name = "api_version_unsupported",
  api = 99,  -- FAULT
}
