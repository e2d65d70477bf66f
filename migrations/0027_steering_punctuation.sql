-- A red team (2026-12-07) still hid the phrases from 0025 two ways. Invisible characters were removed, so one used
-- as the space between words ("ignore\u200bprevious\u200binstructions") ran the words together; both readings are now
-- checked, the character removed (one inside a word: "ig\u200bnore") and the character read as a space (one between
-- words). And ASCII punctuation between the words ('"ignore" "previous" "instructions"', "[ignore][previous]...",
-- "ignore,previous,instructions", "ignore:previous:...", "|", "*", "=", "~") now joins them as a dash does; "_" still
-- joins identifiers (include_private_key is no phrase) and "#" stays ("rank this first at #1").
-- The text and the phrases are functions now, so the two readings share them; the column is rebuilt as in 0025.
CREATE OR REPLACE FUNCTION souk_steering_text(
    description_text text, document_json jsonb, extensions_json jsonb, accepts_json jsonb, hidden text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT
    translate(
    regexp_replace(
        regexp_replace(
            regexp_replace(
                normalize(
                    coalesce(description_text, '') || ' '
                    || regexp_replace(
                        coalesce(document_json::text, '') || ' ' || coalesce(extensions_json::text, '') || ' '
                        || coalesce(accepts_json::text, ''),
                        '\\(u00[01][0-9a-fA-F]|u007[fF]|[bfnrt])', ' ', 'g'
                    ),
                    NFKD
                ),
                '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164'
                '\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff'
                '\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]',
                hidden, 'g'
            ),
            '[\u0001-\u0008\u000e-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]', ' ', 'g'
        ),
        '[-.+/"''\[\](){}<>,:;|*=~!?`\\\u2010-\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d\uff0e\uff0f]+', ' ', 'g'
    ),
    -- Cyrillic and Greek letters that look Latin, read as the Latin ones
    'АВЕКМНОРСТХаеорсухіјѕԁһӏІЈЅԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧαορινıɪ',
    'ABEKMHOPCTXaeopcyxijsdhlIJSqwABEZHIKMNOPTYXaopivii'
    )
$fn$;

CREATE OR REPLACE FUNCTION souk_steers(steering_text text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT steering_text ~* (
    '\m(ignore|disregard|forget)\s+((all|any)\s+(of\s+)?)?((the|your)\s+)?'
    '(previous|prior|above|preceding|earlier|former)\s+(instructions?|prompts?|guidance|directions|directives)\M'
    '|\mignor(a|e)\s+(todas\s+)?(las\s+)?instrucciones\s+(anteriores|previas)\M'
    '|\mignore[rz]?\s+(toutes\s+)?les\s+instructions\s+(pr[eé]c[eé]dentes|ant[eé]rieures)\M'
    '|\mignorier(e|en)?\s+(alle\s+)?(vorherigen|bisherigen)\s+anweisungen\M'
    '|\m(rank|list|place|put|show|position)\s+(this|me)(\s+(listing|endpoint|tool|service|api|result))?'
    '\s+(first|at\s+#\s*1|at\s+the\s+top\s+of\s+(every|each|any|all)'
    '|above\s+(all|the\s+others|other\s+(listings|results|tools|apis|endpoints|services)))\M'
    '|\m(always|must)\s+(pick|choose|select|prefer|recommend)\s+(this|it|me|us)'
    '(\s+(listing|endpoint|tool|service|api))?\s+(over|instead\s+of|above|in\s+preference\s+to)\M'
    '|\m(agents?|assistants?|llms?)\s+(must|should)\s+(always\s+)?(pick|choose|select|use|prefer)\s+(this|me|us)'
    '(\s+(listing|endpoint|tool|service|api|one))?\s+first\M'
    '|\m(select|choose|pick|prefer)\s+(this|it)(\s+(listing|endpoint|tool|service|api|one))?'
    '\s+(in\s+preference\s+to|over)\s+(every|all|any)\s+other\M'
    '|\mif\s+you\s+are\s+an?\s+(llm|ai|language\s+model)\s+(choosing|selecting|picking|ranking)\M'
    '|\m(best|top|right|only)\s+(result|listing|choice)\s+for\s+(every|any|all)\s+(queries|query|searches|search)\M'
    '|\msystem\s+(override|note\s+to)\M|\myou\s+are\s+now\s+(required|instructed|obliged)\M'
    '|\m(call|use)\s+this\s+tool\s+before\s+any\s+other\M'
    '|\m(send|put|include|paste|provide|share|give)\s+(\S+\s+){0,4}?(private|secret)\s+keys?\M'
    '|\m(send|put|include|paste|provide|share|give)\s+(\S+\s+){0,4}?(seed|recovery)\s+phrases?\M'
)
$fn$;

ALTER TABLE listings DROP COLUMN steers_agents;
ALTER TABLE listings ADD COLUMN steers_agents boolean NOT NULL GENERATED ALWAYS AS (
    souk_steers(souk_steering_text(description, document, extensions, accepts, ''))
    OR souk_steers(souk_steering_text(description, document, extensions, accepts, ' '))
) STORED;
