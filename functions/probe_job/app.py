from souk.lambda_entry import job_entry
from souk.lifecycle.job import scheduled_run

handler = job_entry(scheduled_run)
