from souk.api.app import make_app
from souk.lambda_entry import lambda_entry
from souk.mcp.http import router, warm

# As for the search function, the query model and the read pool load during init, not in the first request.
handler = lambda_entry(make_app(router), warm=warm)
