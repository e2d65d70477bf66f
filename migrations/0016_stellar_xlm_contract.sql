-- The known-asset table held an invented Stellar pubnet XLM contract (its checksum fails) until it was corrected to
-- the native asset's contract, CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA. Only catalogs loaded from
-- Souk's own demo or golden events hold the old address; since a payment option is keyed by its asset, their next
-- event would add the real one as a second option beside an unpriced one that does not exist. Rewritten in place,
-- the option is found by asset=XLM at once; its USD price (min_usd_price, computed when an event is cataloged from
-- the rates in souk.assets) follows on the listing's next event (`souk serve --demo` reloads newer ones each start).
UPDATE listings
SET accepts = replace(accepts::text, 'CAS3J7GYLDRJJTM7QVFXDMKSTU2UL4HMFEDRBLNTGQZ6GBJMNYHY6TV6',
                      'CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA')::jsonb,
    document = replace(document::text, 'CAS3J7GYLDRJJTM7QVFXDMKSTU2UL4HMFEDRBLNTGQZ6GBJMNYHY6TV6',
                       'CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA')::jsonb,
    assets = array_replace(assets, 'CAS3J7GYLDRJJTM7QVFXDMKSTU2UL4HMFEDRBLNTGQZ6GBJMNYHY6TV6',
                           'CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA'),
    asset_symbols = CASE WHEN 'XLM' = ANY(asset_symbols) THEN asset_symbols ELSE array_append(asset_symbols, 'XLM') END
WHERE accepts::text LIKE '%CAS3J7GYLDRJJTM7QVFXDMKSTU2UL4HMFEDRBLNTGQZ6GBJMNYHY6TV6%';

UPDATE settlements SET asset = 'CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA'
WHERE asset = 'CAS3J7GYLDRJJTM7QVFXDMKSTU2UL4HMFEDRBLNTGQZ6GBJMNYHY6TV6';
