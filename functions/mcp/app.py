from souk.api.app import make_app
from souk.lambda_entry import lambda_entry
from souk.mcp.http import router

handler = lambda_entry(make_app(router))
