from souk.evaluation.job import scheduled_eval
from souk.lambda_entry import job_entry

handler = job_entry(scheduled_eval)
