"""What the write path (catalog, embedding, lifecycle) and the read path (search, discovery) share.

The listing document, its canonical URLs, the SQL filters of the Bazaar list and search endpoints, and the
resolver of "<id or key>". It imports only the base modules (db, errors, networks), so every other
subpackage can import it.
"""
