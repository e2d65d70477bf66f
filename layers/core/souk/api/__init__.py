"""FastAPI routers, one per resource; each Lambda function serves exactly one of them."""
