"""Search: analysis, query understanding, the lexical and semantic arms, fusion, and the pipeline."""
