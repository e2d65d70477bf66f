-- The columns a search's hard filters read (the rail, the interface, the method, the price cap), beside the id, in an
-- index a filter can be answered from without reading the listing rows: a filtered BM25F evaluation joins the postings
-- of its terms to the listings passing the filter, and at 100,000 listings the planner built that set by reading the
-- whole table (192 MB of wide rows, about 80 ms of a 87 ms query for "weather data on Base Sepolia"; 23 ms with the
-- index: eval/bench_search_scale.txt). The listing rows change these columns only when a listing is cataloged again,
-- so a settlement's update of last_settled_at stays a HOT update.
CREATE INDEX listings_filter_idx ON listings (id) INCLUDE (networks, type, method, min_usd_price);
