#!/usr/bin/env python3
"""Writes payload.json: a deterministic ~2 MB orders API response (run once: python3 generate.py)."""
import json, random

rng = random.Random(20191209)
FIRST = ["Ada", "Grace", "Alan", "Barbara", "Ken", "Linus", "Margaret", "Dennis", "Frances", "Edsger", "Radia", "Bjarne"]
LAST = ["Lovelace", "Hopper", "Turing", "Liskov", "Thompson", "Torvalds", "Hamilton", "Ritchie", "Allen", "Dijkstra", "Perlman"]
CITIES = [("Amsterdam", "NL", "1011 AB"), ("Berlin", "DE", "10115"), ("Lyon", "FR", "69001"), ("Austin", "US", "73301"),
          ("Toronto", "CA", "M5H 2N2"), ("Oslo", "NO", "0150"), ("Leuven", "BE", "3000"), ("Porto", "PT", "4000-322")]
PRODUCTS = [("SOAP-LAV", "Lavender soap bar", 4.5), ("BTL-SQK", "Squeeky bottle", 12.0), ("OIL-300", "Lavender oil 300ml", 9.99),
            ("TWL-BIG", "Bath towel", 18.75), ("BRS-WD", "Wooden brush", 7.2), ("SPG-NAT", "Natural sponge", 5.1)]
STATUSES = ["pending", "paid", "shipped", "delivered", "refunded"]
N, BAD = 1800, 1437

orders = []
for i in range(N):
    city, country, postal = CITIES[rng.randrange(len(CITIES))]
    items = []
    for _ in range(rng.randint(1, 5)):
        sku, name, price = PRODUCTS[rng.randrange(len(PRODUCTS))]
        items.append({"sku": sku, "name": name, "unit_price": price, "quantity": rng.randint(1, 4),
                      "discount": None if rng.random() < 0.7 else {"code": "SPRING%d" % rng.randint(5, 30), "percent": rng.randint(5, 30)}})
    day, hour, minute = rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59)
    orders.append({
        "id": "ord_%06d" % (100000 + i),
        "status": STATUSES[rng.randrange(len(STATUSES))],
        "created_at": "2024-%02d-%02dT%02d:%02d:00Z" % (rng.randint(1, 12), day, hour, minute),
        "customer": {"id": rng.randint(1000, 99999), "first_name": FIRST[rng.randrange(len(FIRST))],
                     "last_name": LAST[rng.randrange(len(LAST))], "email": "user%d@example.com" % rng.randint(1, 10**6),
                     "marketing_opt_in": rng.random() < 0.4},
        "shipping_address": {"line1": "%d Canal Street" % rng.randint(1, 400), "line2": None, "city": city,
                             "postal_code": postal, "country_code": country},
        "line_items": items,
        "total": round(sum(it["unit_price"] * it["quantity"] for it in items), 2),
        "notes": None if rng.random() < 0.8 else "Leave at the door, please.",
    })
# The one bad record: a Belgian postal code sent as a number, deep in the file.
orders[BAD]["shipping_address"].update({"city": "Leuven", "country_code": "BE", "postal_code": 3000})

doc = {"object": "list", "api_version": "2024-06-01", "has_more": True, "total_count": 48211,
       "data": orders, "next_cursor": "ord_%06d" % (100000 + N)}
with open("payload.json", "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
