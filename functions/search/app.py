from souk.api.direct import read_route
from souk.discovery.search import answer
from souk.lambda_entry import routed_entry, warm_search

# GET /discovery/search answers straight from the event (souk.api.direct); the conversions route goes through
# this FastAPI router, imported on first use. The model and the read pool load during init, not in a request.
ROUTER_MODULE = "souk.api.search"
handler = routed_entry({"GET /discovery/search": read_route(answer)}, ROUTER_MODULE, warm=warm_search)
