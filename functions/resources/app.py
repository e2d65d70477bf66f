from souk.api.direct import read_route
from souk.discovery.resources import answer
from souk.lambda_entry import routed_entry

# GET /discovery/resources answers straight from the event (souk.api.direct); FastAPI (this router) is
# imported only for what no template route matches.
ROUTER_MODULE = "souk.api.resources"
handler = routed_entry({"GET /discovery/resources": read_route(answer)}, ROUTER_MODULE)
