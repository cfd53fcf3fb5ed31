-- A budget of units (bytes) every host shares, beside the rate windows:
-- spent is what the key has spent of it as of touched (Unix
-- microseconds), paid back evenly over the budget's span, so that a row
-- idle for a whole span holds a full budget and the sweep of idle keys
-- forgets it (sqlstore.SpendBudget). The windows' keys keep 0.
ALTER TABLE rate_keys ADD COLUMN spent BIGINT NOT NULL DEFAULT 0;
