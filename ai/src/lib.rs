//! Search, agents and protocol for `wartime` (the search arrives with its own issue).
