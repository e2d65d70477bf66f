"""Souk as an MCP server: the catalog's search, listing, lookup and payment help as MCP tools.

The tools (souk.mcp.tools) call the same ``souk.discovery`` functions as the HTTP endpoints; the server
(souk.mcp.server) is the SDK's low-level ``Server``, served over streamable HTTP at ``/mcp``
(souk.mcp.http, a Lambda function of its own) and over stdio by ``souk mcp`` (souk.mcp.stdio).
"""
