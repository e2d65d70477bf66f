from souk.api.app import make_app
from souk.api.merchant import router
from souk.lambda_entry import lambda_entry

handler = lambda_entry(make_app(router))
