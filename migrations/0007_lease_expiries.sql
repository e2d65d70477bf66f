-- Lease expiries are counted apart from failures (souk.embedding.worker.claim): a worker that dies
-- mid-batch is not the fault of the batch's other documents. lease_batch is how many jobs the current
-- lease was claimed with; an expired lease of a batch is retried alone without spending an attempt,
-- so only a document that keeps killing its worker by itself is dead-lettered.
ALTER TABLE embedding_jobs
    ADD COLUMN lease_batch    integer NOT NULL DEFAULT 1,
    ADD COLUMN lease_expiries integer NOT NULL DEFAULT 0;
