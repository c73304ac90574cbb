/// The Stripe-charge side of a payload record.
extension PayloadGenerator {
    mutating func writeCharge(createdAt: Int) {
        let currency = rng.pick(PayloadVocabulary.currencies)
        let amount = rng.inRange(50...250_000)
        let refunded = rng.chance(10) ? rng.inRange(1...amount) : 0

        writer.beginObject()
        writer.key("id")
        writer.beginString()
        writer.raw("ch_")
        writeRandomID(length: 24)
        writer.endString()
        writer.key("object")
        writer.string("charge")
        writer.key("amount")
        if fault == .wrongKind {
            writer.beginString()
            writer.raw(decimal: amount)
            writer.endString()
        } else {
            writer.int(amount)
        }
        writer.key("amount_refunded")
        writer.int(refunded)
        writer.key("currency")
        writer.string(escaped: currency)
        writer.key("captured")
        writer.bool(rng.chance(90))
        writer.key("created")
        writer.int(createdAt + rng.below(3600))
        writer.key("status")
        writer.string(escaped: rng.pick(PayloadVocabulary.chargeStatuses))
        writer.key("payment_method_details")
        writeCard()
        writer.key("fee_details")
        writer.beginArray()
        for index in 0..<rng.inRange(0...2) {
            writer.beginObject()
            writer.key("amount")
            writer.int(amount / 30 + index)
            writer.key("currency")
            writer.string(escaped: currency)
            writer.key("type")
            if index == 0 { writer.string("stripe_fee") } else { writer.string("tax") }
            writer.key("description")
            writer.string(escaped: index == 0 ? Self.processingFees : Self.vat)
            writer.endObject()
        }
        writer.endArray()
        writer.key("metadata")
        writer.beginObject()
        if rng.chance(80) {
            writer.key("order_id")
            writer.beginString()
            writer.raw(decimal: rng.inRange(1000...999_999))
            writer.endString()
            writer.key("customer_tier")
            writer.string(escaped: rng.pick(PayloadVocabulary.tiers))
        }
        writer.endObject()
        writer.key("billing_address")
        if rng.chance(40) { writer.null() } else { writeAddress() }
        writer.endObject()
    }

    private static let processingFees: [UInt8] = Array("Stripe processing fees".utf8)
    private static let vat: [UInt8] = Array(#"VAT \u2014 19%"#.utf8)

    private mutating func writeCard() {
        writer.beginObject()
        writer.key("type")
        writer.string("card")
        writer.key("card")
        writer.beginObject()
        writer.key("brand")
        writer.string(escaped: rng.pick(PayloadVocabulary.cardBrands))
        writer.key("last4")
        writer.beginString()
        writer.raw(decimal: rng.below(10_000), minimumDigits: 4)
        writer.endString()
        writer.key("exp_month")
        writer.int(rng.inRange(1...12))
        writer.key("exp_year")
        writer.int(rng.inRange(2025...2032))
        writer.key("fingerprint")
        writer.beginString()
        writeRandomID(length: 16)
        writer.endString()
        writer.endObject()
        writer.endObject()
    }

    private mutating func writeAddress() {
        let city = rng.below(PayloadVocabulary.cities.count)
        writer.beginObject()
        writer.key("line1")
        writer.beginString()
        writer.raw(decimal: rng.inRange(1...999))
        writer.raw(" Market Street")
        writer.endString()
        writer.key("line2")
        writer.null()
        writer.key("city")
        writer.string(escaped: PayloadVocabulary.cities[city])
        writer.key("postal_code")
        writer.beginString()
        writer.raw(decimal: rng.below(100_000), minimumDigits: 5)
        writer.endString()
        writer.key("country")
        writer.string(escaped: PayloadVocabulary.countries[city])
        writer.endObject()
    }
}
