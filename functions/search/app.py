from souk.api.app import make_app
from souk.api.search import router
from souk.lambda_entry import lambda_entry, warm_search

# The model, the read pool and the suffix tries load during init, not in the first request.
handler = lambda_entry(make_app(router), warm=warm_search)
