from souk.embedding.worker import scheduled_run
from souk.lambda_entry import job_entry

handler = job_entry(scheduled_run)
