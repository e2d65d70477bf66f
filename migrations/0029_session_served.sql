-- How far into its stored ranking a search session has served results (souk.discovery.sessions): a conversion
-- names a result the agent was shown, not any of the up to 250 ranked (a probe, 2026-12-07: a report for rank 40
-- was recorded after one 5-result page). NULL for sessions written before: any ranked result counts, as it did.
-- A nullable column without a default: a catalog change only, no table rewrite.
ALTER TABLE search_sessions ADD COLUMN served integer;
