"""The Bazaar discovery surface: filters, the listing query and the wire shape of an item."""
