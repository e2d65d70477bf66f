-- 0019 removed a short list of invisible characters and turned a short list of spaces into spaces, and undid only
-- the line-break and tab escapes of the stored document's JSON. A seller still hid "ignore previous instructions"
-- from it with NEL (U+0085) or the information separators (U+001C-U+001F) between the words (Python's str.split,
-- which renders the text agents read, splits on them, so the text then showed the phrase with plain spaces), with
-- a bidirectional mark, an isolate, a tag character, a variation selector or the combining grapheme joiner inside
-- a word, with a vertical tab or form feed in a parameter description (JSON writes them \u000b and \f), or in an
-- MCP tool's own description, which is kept in the extensions column the check never read. Now: every JSON escape
-- of a control character is a space, the extensions are read too, every default-ignorable character is removed
-- and every space or separator character is a space; the pattern is 0015's.
ALTER TABLE listings DROP COLUMN steers_agents;
ALTER TABLE listings ADD COLUMN steers_agents boolean NOT NULL GENERATED ALWAYS AS (
    regexp_replace(
        regexp_replace(
            normalize(
                coalesce(description, '') || ' '
                || regexp_replace(
                    coalesce(document::text, '') || ' ' || coalesce(extensions::text, ''),
                    '\\(u00[01][0-9a-fA-F]|u007[fF]|[bfnrt])', ' ', 'g'
                ),
                NFKC
            ),
            '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164'
            '\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]',
            '', 'g'
        ),
        '[\u0001-\u0008\u000e-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]', ' ', 'g'
    ) ~* (
        '\m(ignore|disregard|forget)\s+((all|any)\s+)?((the|your)\s+)?(previous|prior|above|preceding)'
        '\s+(instructions?|prompts?)\M'
        '|\m(rank|list|place|put|show)\s+(this|me)(\s+(listing|endpoint|tool|service|api|result))?'
        '\s+(first|above\s+(all|the\s+others|other\s+(listings|results|tools|apis|endpoints|services)))\M'
        '|\m(always|must)\s+(pick|choose|select|prefer|recommend)\s+(this|it|me|us)'
        '(\s+(listing|endpoint|tool|service|api))?\s+(over|instead\s+of|above)\M'
        '|\m(best|top|right|only)\s+(result|listing|choice)\s+for\s+(every|any|all)\s+(queries|query|searches|search)\M'
        '|\msystem\s+(override|note\s+to)\M|\myou\s+are\s+now\s+(required|instructed|obliged)\M'
        '|\m(call|use)\s+this\s+tool\s+before\s+any\s+other\M'
        '|\m(send|put|include|paste|provide|share|give)\s+(\S+\s+){0,4}?(private|secret)\s+keys?\M'
        '|\m(send|put|include|paste|provide|share|give)\s+(\S+\s+){0,4}?(seed|recovery)\s+phrases?\M'
    )
) STORED;
