-- "Most recently paid first" (a browse, and the cheapest browse's tie-break) read last_settled_at, which a settlement
-- in free test tokens also moves: a seller paying itself once on Base Sepolia put its listing first in "anything on
-- base", above listings with real payments. last_paid_at moves only for payments on production networks (the test
-- networks of souk.networks.TESTNETS, as the settlement boost already counts them; a $0 settlement is no payment); a
-- browse orders by it first and by last_settled_at only among listings never paid on a production network. Filled
-- here from the recorded settlements.
ALTER TABLE listings ADD COLUMN last_paid_at timestamptz;

UPDATE listings l
SET last_paid_at = paid.at
FROM (
    SELECT listing_id, max(settled_at) AS at
    FROM settlements
    WHERE success AND amount > 0 AND network <> ALL (ARRAY[
        'eip155:10143', 'eip155:11124', 'eip155:11142220', 'eip155:11155111', 'eip155:11155420', 'eip155:1328',
        'eip155:1444673419', 'eip155:17000', 'eip155:2201', 'eip155:421614', 'eip155:43113', 'eip155:51',
        'eip155:80002', 'eip155:84532', 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
        'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'stellar:testnet'
    ]::text[])
    GROUP BY listing_id
) AS paid
WHERE paid.listing_id = l.id;
