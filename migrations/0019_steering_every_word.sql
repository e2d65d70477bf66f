-- The steering check (0015) read the description as stored, so a seller hid "ignore previous instructions" from it
-- with no-break spaces between the words (\s does not match U+00A0) or a zero-width space inside one (it breaks the
-- word boundary), and wrote it in the service name, a tag or a parameter's description, which it never read. Now
-- it reads every word a seller wrote (the description, service name, tags and the stored document: tool and
-- parameter descriptions), in NFKC form (full-width letters, compatibility spaces), with zero-width and other
-- invisible format characters removed and every other space character a space; the pattern is 0015's. PostgreSQL
-- 16 cannot change a generated column's expression, so the column is added again (the table is rewritten).
ALTER TABLE listings DROP COLUMN steers_agents;
ALTER TABLE listings ADD COLUMN steers_agents boolean NOT NULL GENERATED ALWAYS AS (
    regexp_replace(
        regexp_replace(
            normalize(
                coalesce(description, '') || ' '
                -- the document holds the service name, tags and parameter descriptions too (array_to_string is
                -- not immutable); its JSON escapes line breaks and tabs: as spaces, so words either side stay apart
                || replace(replace(replace(coalesce(document::text, ''), '\n', ' '), '\t', ' '), '\r', ' '),
                NFKC
            ),
            '[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]', '', 'g'
        ),
        '[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]', ' ', 'g'
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
