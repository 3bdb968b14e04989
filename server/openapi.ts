import { Router } from "express";

const PLACE = {
  type: "object",
  required: ["id", "kind", "name", "detail", "iata", "countryCode", "cityId"],
  properties: {
    id: { type: "string", example: "city:mashhad" },
    kind: { type: "string", enum: ["province", "city", "airport", "station", "terminal", "country"] },
    name: { type: "string", example: "مشهد" },
    detail: { type: ["string", "null"], description: "Where it is: the city of an airport, the province of a city, the country abroad." },
    iata: { type: ["string", "null"], description: "The code a search of the asked service uses (Tehran: THR for domestic flights, IKA abroad)." },
    countryCode: { type: "string", example: "IR" },
    cityId: { type: ["string", "null"] },
  },
};

const ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", description: "Stable, for programs." },
        message: { type: "string", description: "For people, in the request's language." },
        param: { type: "string" },
        errors: { type: "array", items: { type: "object", properties: { param: { type: "string" }, code: { type: "string" }, message: { type: "string" } } } },
      },
    },
  },
};

const OFFER = {
  type: "object",
  required: ["offerId", "airline", "flightNumber", "departAt", "arriveAt", "fareClass", "cabin", "seatsLeft", "charter", "baggage", "refundable", "price"],
  properties: {
    offerId: { type: "string", description: "Opaque; revalidate and hold by it." },
    airline: { type: "object", properties: { code: { type: "string", example: "IR" }, name: { type: "string" } } },
    flightNumber: { type: "string", example: "IR 451" },
    from: { type: "string", example: "THR" },
    to: { type: "string", example: "MHD" },
    departAt: { type: "string", format: "date-time", description: "Local time with Tehran's offset (+03:30)." },
    arriveAt: { type: "string", format: "date-time" },
    durationMinutes: { type: "integer" },
    aircraft: { type: "string" },
    fareClass: { type: "string", example: "Y" },
    cabin: { type: "string", enum: ["economy", "business"] },
    seatsLeft: { type: "integer" },
    charter: { type: "boolean" },
    baggage: { type: "object", properties: { kg: { type: "integer" } } },
    refundable: { type: "boolean" },
    price: {
      type: "object",
      description: "Integer tomans. total is for the party searched.",
      properties: { adult: { type: "integer" }, child: { type: "integer" }, infant: { type: "integer" }, total: { type: "integer" } },
    },
  },
};

const MONEY = { type: "integer", minimum: 0, description: "Integer tomans." };

const PRICE = {
  type: "object",
  required: ["base", "taxes", "discount", "total"],
  properties: { base: { ...MONEY, description: "Fares without airport charges." }, taxes: MONEY, discount: MONEY, total: { ...MONEY, description: "base + taxes − discount." } },
};

const PASSENGER = {
  type: "object",
  required: ["type", "firstName", "lastName", "gender", "birthDate"],
  description: "Iranians (nationality IR or absent) give Persian names and a national code; everyone else a passport and Latin names.",
  properties: {
    type: { type: "string", enum: ["adult", "child", "infant"], description: "Adult 12+, child 2–12, infant under 2 on the day of the last flight." },
    firstName: { type: "string", maxLength: 100, example: "علی" },
    lastName: { type: "string", maxLength: 100, example: "رضایی" },
    firstNameLatin: { type: ["string", "null"], maxLength: 100, example: "Ali" },
    lastNameLatin: { type: ["string", "null"], maxLength: 100, example: "Rezaei" },
    gender: { type: "string", enum: ["male", "female"] },
    birthDate: { type: "string", format: "date", example: "1990-05-17", description: "ISO; a Persian (Jalali) date and Persian digits are read too." },
    nationalCode: { type: ["string", "null"], maxLength: 100, example: "0499370899", description: "10 digits, required for Iranians, unique in the booking." },
    nationality: { type: ["string", "null"], maxLength: 100, example: "IR", description: "ISO country code; IR when absent." },
    passportNumber: { type: ["string", "null"], maxLength: 100 },
    passportCountry: { type: ["string", "null"], maxLength: 100 },
    passportExpiry: { type: ["string", "null"], format: "date" },
    wheelchair: { type: ["boolean", "null"] },
  },
};

const CONTACT = {
  type: "object",
  required: ["mobile"],
  properties: {
    mobile: { type: "string", maxLength: 100, example: "09121234567", description: "An Iranian mobile in any common form and digit set; stored as 09XXXXXXXXX." },
    email: { type: ["string", "null"], maxLength: 254 },
  },
};

const COMPANY = {
  type: "object",
  required: ["name", "nationalId", "economicCode", "postalCode"],
  description: "For an official (tax) invoice.",
  properties: {
    name: { type: "string", maxLength: 200 },
    nationalId: { type: "string", maxLength: 100, description: "شناسه ملی: 11 digits." },
    economicCode: { type: "string", maxLength: 100, description: "11 or 12 digits." },
    postalCode: { type: "string", maxLength: 100, description: "10 digits." },
    branchCode: { type: ["string", "null"], maxLength: 100 },
  },
};

const BOOKING_REQUEST = {
  type: "object",
  required: ["offerId", "passengers", "contact"],
  properties: {
    offerId: { type: "string", maxLength: 100, description: "An offerId of GET /api/v1/flights/search." },
    returnOfferId: { type: ["string", "null"], maxLength: 100, description: "For a round trip: an offer of the returnOffers." },
    passengers: { type: "array", maxItems: 18, items: { $ref: "#/components/schemas/Passenger" }, description: "At least one adult, no more infants than adults, at most 9 adults and children." },
    contact: { $ref: "#/components/schemas/Contact" },
    company: { oneOf: [{ $ref: "#/components/schemas/Company" }, { type: "null" }] },
    discountCode: { type: ["string", "null"], maxLength: 100 },
    expectedFare: { type: ["integer", "null"], minimum: 0, description: "The fare (base + taxes, before discount) the traveller was shown; when the server's differs nothing is held (409 FARE_CHANGED)." },
  },
};

const BOOKING_CREATED = {
  type: "object",
  required: ["reference", "hashId", "status", "total", "expiresAt", "price"],
  properties: {
    reference: { type: "string", example: "7KQ2MZ4P", description: "Eight letters and digits a traveller reads out." },
    hashId: { type: "string", pattern: "^[A-Za-z0-9_-]{22}$", description: "The only key to the booking: GET /api/v1/bookings/{hashId}." },
    status: { type: "string", enum: ["held"] },
    total: MONEY,
    expiresAt: { type: "string", format: "date-time", description: "The seats are held until then (15 minutes, or less if the airline holds for less)." },
    price: { $ref: "#/components/schemas/Price" },
  },
};

const BOOKING = {
  type: "object",
  required: ["reference", "hashId", "status", "service", "expiresAt", "createdAt", "party", "price", "contact", "items", "passengers"],
  properties: {
    reference: { type: "string" },
    hashId: { type: "string" },
    status: {
      type: "string",
      enum: ["held", "awaiting_payment", "paid", "issued", "expired", "cancelled", "refund_requested", "refunded"],
      description: "A hold that has run out reads expired at once.",
    },
    service: { type: "string", enum: ["flight", "flightRtrip"] },
    expiresAt: { type: "string", format: "date-time" },
    createdAt: { type: "string", format: "date-time" },
    party: { type: "object", properties: { adults: { type: "integer" }, children: { type: "integer" }, infants: { type: "integer" } } },
    price: { $ref: "#/components/schemas/Price" },
    discountCode: { type: ["string", "null"] },
    contact: { type: "object", properties: { mobile: { type: "string" }, email: { type: ["string", "null"] } } },
    company: { oneOf: [{ $ref: "#/components/schemas/Company" }, { type: "null" }] },
    items: {
      type: "array",
      items: {
        type: "object",
        properties: {
          position: { type: "integer" },
          airline: { type: "object", properties: { code: { type: "string" }, name: { type: "string" } } },
          flightNumber: { type: "string" },
          from: { type: "string" },
          to: { type: "string" },
          departAt: { type: "string", format: "date-time" },
          arriveAt: { type: "string", format: "date-time" },
          fareClass: { type: "string" },
          cabin: { type: "string", enum: ["economy", "business"] },
          baggage: { type: "object", properties: { kg: { type: "integer" } } },
          refundable: { type: "boolean" },
          seats: { type: "integer", description: "Seats held: adults and children (infants sit on a lap)." },
          base: MONEY,
          taxes: MONEY,
        },
      },
    },
    passengers: {
      type: "array",
      items: {
        type: "object",
        properties: {
          type: { type: "string", enum: ["adult", "child", "infant"] },
          firstName: { type: "string" },
          lastName: { type: "string" },
          firstNameLatin: { type: ["string", "null"] },
          lastNameLatin: { type: ["string", "null"] },
          gender: { type: "string", enum: ["male", "female"] },
          birthDate: { type: "string", format: "date" },
          nationality: { type: "string" },
          nationalCode: { type: ["string", "null"] },
          passportNumber: { type: ["string", "null"] },
          passportCountry: { type: ["string", "null"] },
          passportExpiry: { type: ["string", "null"], format: "date" },
          wheelchair: { type: "boolean" },
        },
      },
    },
    tickets: {
      type: "array",
      description: "Once issued: one ticket per passenger per leg, infants included.",
      items: {
        type: "object",
        required: ["flightNumber", "pnr", "ticketNumber", "passenger"],
        properties: {
          flightNumber: { type: "string", example: "IR 451" },
          pnr: { type: "string", description: "The airline's record locator of the leg." },
          ticketNumber: { type: "string" },
          passenger: { type: "integer", minimum: 0, description: "Index in passengers." },
        },
      },
    },
    payments: {
      type: "array",
      description: "Every payment tried for the booking, oldest first.",
      items: {
        type: "object",
        required: ["hashId", "gateway", "amount", "status", "referenceId", "createdAt"],
        properties: {
          hashId: { type: "string" },
          gateway: { type: "string", example: "sandbox" },
          amount: MONEY,
          status: { type: "string", enum: ["created", "pending", "verifying", "verified", "cancelled", "failed", "reversed", "refund_due"] },
          referenceId: { type: ["string", "null"], description: "The bank's reference of a verified payment." },
          createdAt: { type: "string", format: "date-time" },
        },
      },
    },
    refund: {
      type: "object",
      description: "Present once a refund was requested.",
      required: ["paid", "penalty", "amount", "status", "destination"],
      properties: {
        paid: MONEY,
        penalty: MONEY,
        amount: { ...MONEY, description: "What goes back: paid − penalty." },
        status: { type: "string", enum: ["requested", "paid"] },
        destination: { type: "string", enum: ["card", "wallet"] },
        createdAt: { type: "string", format: "date-time" },
      },
    },
  },
};

const REFUND_WINDOW = {
  type: "object",
  required: ["minutesBefore", "label"],
  properties: {
    minutesBefore: { type: ["integer", "null"], description: "The threshold of the window that applies; null after departure and when the airline cancelled." },
    label: { type: "string", enum: ["before", "last", "after-departure", "airline-cancelled"] },
  },
};

const REFUND_QUOTE = {
  type: "object",
  required: ["paid", "penalty", "refundAmount", "lines", "rule"],
  properties: {
    paid: { ...MONEY, description: "What the flights cost the traveller (after the discount)." },
    penalty: MONEY,
    refundAmount: { ...MONEY, description: "paid − penalty." },
    lines: {
      type: "array",
      description: "One line per leg: a round trip's legs can sit in different windows.",
      items: {
        type: "object",
        required: ["flightNumber", "paid", "penaltyPercent", "penalty", "refundAmount", "window", "ruleId"],
        properties: {
          flightNumber: { type: "string" },
          paid: MONEY,
          penaltyPercent: { type: "number", minimum: 0, maximum: 100 },
          penalty: { ...MONEY, description: "floor(paid × penaltyPercent / 100)." },
          refundAmount: MONEY,
          window: REFUND_WINDOW,
          ruleId: { type: "string" },
        },
      },
    },
    rule: { type: "array", items: { type: "string" }, description: "The refund rule of each line, in line order." },
  },
};

const VALIDATION_ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "errors"],
      properties: {
        code: { type: "string", enum: ["VALIDATION_FAILED"] },
        message: { type: "string" },
        errors: {
          type: "array",
          items: {
            type: "object",
            required: ["field", "code", "message"],
            properties: {
              field: { type: "string", example: "passengers.0.firstName", description: "Path in the body: passengers, passengers.N.field, contact.mobile, company.nationalId, discountCode, body …" },
              code: {
                type: "string",
                example: "PERSIAN_ONLY",
                description:
                  "REQUIRED, INVALID_TYPE, INVALID, TOO_LONG, PERSIAN_ONLY, LATIN_ONLY, NATIONAL_CODE_INVALID, NATIONAL_CODE_DUPLICATE, BIRTH_DATE_INVALID, TOO_YOUNG, AGE_NOT_ADULT, AGE_NOT_CHILD, AGE_NOT_INFANT, GENDER_INVALID, PASSPORT_INVALID, PASSPORT_EXPIRES, COUNTRY_INVALID, MOBILE_INVALID, EMAIL_INVALID, COMPANY_ID_INVALID, ECONOMIC_CODE_INVALID, POSTAL_CODE_INVALID, BRANCH_CODE_INVALID, DISCOUNT_INVALID, PASSENGERS_REQUIRED, ADULT_REQUIRED, INFANTS_EXCEED_ADULTS, TOO_MANY_PASSENGERS.",
              },
              message: { type: "string", description: "In the request's language." },
            },
          },
        },
      },
    },
  },
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const jsonOf = (schema: object) => ({ "application/json": { schema } });
const BODY_ERRORS = {
  "400": { description: "BAD_JSON: the body is not JSON (or IDEMPOTENCY_KEY_INVALID).", content: jsonOf(ERROR_REF) },
  "413": { description: "BODY_TOO_LARGE: more than 64 kB.", content: jsonOf(ERROR_REF) },
  "415": { description: "UNSUPPORTED_MEDIA_TYPE: send application/json.", content: jsonOf(ERROR_REF) },
};

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", pattern: "^[\\x21-\\x7E]{1,128}$" },
  description:
    "Makes a retry safe: a repeat with the same key and body gets the first answer (same status and body, header Idempotent-Replayed: true) and holds nothing more. Keys are per agency and kept 24 hours; 201, 409 and 422 answers are kept, others are not.",
};

const HASH_ID = { name: "hashId", in: "path", required: true, schema: { type: "string", pattern: "^[A-Za-z0-9_-]{22}$" } };

const LANG = { name: "lang", in: "query", required: false, schema: { type: "string", enum: ["fa", "en", "ar"] }, description: "Language of names and messages; else the `language` header, else the locale cookie, else Persian." };

/** Bookings by hashId: a guest booking needs nothing more; an account's booking needs that account's session. */
const BOOKING_SECURITY = [{}, { bearerAuth: [] }, { cookieAuth: [] }];
const OWNED_NOT_FOUND = {
  description: "NOT_FOUND: no such booking at this agency, or it belongs to an account and the request is not signed in as that account (the same answer, so nothing tells it exists).",
  content: jsonOf(ERROR_REF),
};
const BOOKING_CSRF = { description: "CSRF: signed in by the session cookie without an X-CSRF-Token header equal to the hs_csrf cookie.", content: jsonOf(ERROR_REF) };

const CSRF_TOKEN = {
  name: "X-CSRF-Token",
  in: "header",
  required: false,
  schema: { type: "string" },
  description: "Required with the session cookie on POST, PATCH and DELETE: the value of the hs_csrf cookie (the page hands it to its scripts). Not needed with a bearer token.",
};

const ACCOUNT_ERROR = {
  type: "object",
  required: ["error"],
  description: "An error of the accounts API: a stable code, and the details that code names.",
  properties: {
    error: { type: "string", example: "CODE_WRONG", description: "Stable, for programs." },
    retryAfterSeconds: { type: "integer", minimum: 1, description: "RATE_LIMITED: when to ask again (also the Retry-After header)." },
    triesLeft: { type: "integer", minimum: 1, description: "CODE_WRONG: wrong tries left before the code locks." },
    fields: {
      type: "object",
      additionalProperties: { type: "string" },
      example: { firstName: "PERSIAN_ONLY" },
      description:
        "VALIDATION: one code per field. REQUIRED, INVALID_TYPE, INVALID, TOO_LONG, READ_ONLY, UNKNOWN_FIELD, PERSIAN_ONLY, LATIN_ONLY, NATIONAL_CODE_INVALID, BIRTH_DATE_INVALID, TOO_YOUNG, GENDER_INVALID, EMAIL_INVALID, PASSPORT_INVALID, PASSPORT_EXPIRED, DATE_INVALID, COUNTRY_INVALID.",
    },
    challenge: { oneOf: [{ $ref: "#/components/schemas/PowChallenge" }, { type: "null" }], description: "PROOF_REQUIRED: the proof of work to solve; null when the agency uses reCAPTCHA v3 instead." },
    recaptchaSiteKey: { type: ["string", "null"], description: "PROOF_REQUIRED with reCAPTCHA: the site key to get a token with." },
  },
};
const ACCOUNT_ERROR_REF = { $ref: "#/components/schemas/AccountError" };
const accountError = (description: string) => ({ description, content: jsonOf(ACCOUNT_ERROR_REF) });
const ACCOUNT_BODY_ERRORS = {
  "400": accountError("BAD_JSON: the body is not JSON; VALIDATION: a field has the wrong type or size (fields)."),
  "413": accountError("BODY_TOO_LARGE: more than 16 kB."),
  "415": accountError("UNSUPPORTED_MEDIA_TYPE: send application/json."),
};
const SIGNED_IN_ERRORS = {
  "401": accountError("UNAUTHORIZED: no session, or it expired or was ended (WWW-Authenticate: Bearer)."),
};
const SIGNED_IN_WRITE_ERRORS = {
  ...SIGNED_IN_ERRORS,
  "403": accountError("CSRF: the session cookie came without X-CSRF-Token equal to the hs_csrf cookie. CROSS_SITE_REQUEST: sent by another site's page."),
};
const SIGNED_IN = [{ bearerAuth: [] }, { cookieAuth: [] }];

const POW_CHALLENGE = {
  type: "object",
  required: ["id", "seed", "difficultyBits", "expiresAt"],
  description: "Find a nonce (decimal digits, letters, - or _; at most 32) such that SHA-256(seed + \":\" + nonce) starts with difficultyBits zero bits, then ask again with powChallengeId and powNonce. Good for one request.",
  properties: {
    id: { type: "string", example: "Xq3vY0b2Lr8s1ZkT6mWn4p" },
    seed: { type: "string", pattern: "^[0-9a-f]{32}$" },
    difficultyBits: { type: "integer", minimum: 1, maximum: 32, example: 16 },
    expiresAt: { type: "string", format: "date-time" },
  },
};

const PROFILE_PROPERTIES = {
  firstName: { type: ["string", "null"], maxLength: 100, example: "علی", description: "Persian letters only." },
  lastName: { type: ["string", "null"], maxLength: 100, example: "رضایی", description: "Persian letters only." },
  firstNameLatin: { type: ["string", "null"], maxLength: 100, example: "Ali", description: "Latin letters only." },
  lastNameLatin: { type: ["string", "null"], maxLength: 100, example: "Rezaei", description: "Latin letters only." },
  nationalCode: { type: ["string", "null"], maxLength: 32, example: "0499370899", description: "A valid Iranian national code; stored as 10 Latin digits." },
  birthDate: { type: ["string", "null"], maxLength: 32, example: "1990-05-17", description: "ISO; a Persian (Jalali) y/m/d and Persian digits are read too. Stored as ISO." },
  gender: { type: ["string", "null"], enum: ["male", "female", null] },
  email: { type: ["string", "null"], maxLength: 254, format: "email" },
};

const USER = {
  type: "object",
  required: ["id", "mobile", ...Object.keys(PROFILE_PROPERTIES)],
  properties: {
    id: { type: "string", pattern: "^[A-Za-z0-9_-]{16}$", description: "The account's public id (never its database key)." },
    mobile: { type: "string", example: "09121234567", description: "The number signed in with; it cannot be changed here." },
    ...PROFILE_PROPERTIES,
  },
};

const PROFILE_PATCH = {
  type: "object",
  additionalProperties: false,
  description: "Only the fields sent change; null (or an empty string) clears one. id and mobile are refused (READ_ONLY).",
  properties: PROFILE_PROPERTIES,
};

const SAVED_PASSENGER_PROPERTIES = {
  nationality: { type: "string", example: "IR", description: "ISO country code; IR when absent." },
  firstName: { type: "string", maxLength: 100, description: "Persian for Iranians." },
  lastName: { type: "string", maxLength: 100 },
  firstNameLatin: { type: ["string", "null"], maxLength: 100 },
  lastNameLatin: { type: ["string", "null"], maxLength: 100 },
  gender: { type: "string", enum: ["male", "female"] },
  birthDate: { type: "string", format: "date", description: "ISO; a Persian (Jalali) date and Persian digits are read too." },
  nationalCode: { type: ["string", "null"], maxLength: 32, description: "Required for Iranians." },
  passportNumber: { type: ["string", "null"], maxLength: 32, description: "Required, with country and expiry, for everyone else." },
  passportCountry: { type: ["string", "null"], maxLength: 8 },
  passportExpiry: { type: ["string", "null"], format: "date", description: "Not passed yet." },
  wheelchair: { type: ["boolean", "null"] },
};

const SAVED_PASSENGER_REQUEST = {
  type: "object",
  additionalProperties: false,
  required: ["firstName", "lastName", "gender", "birthDate"],
  description: "A person as the booking form takes one, checked by the same rules as of today; whether adult, child or infant follows from the birth date.",
  properties: SAVED_PASSENGER_PROPERTIES,
};

const SAVED_PASSENGER = {
  type: "object",
  required: ["id", "nationality", "firstName", "lastName", "firstNameLatin", "lastNameLatin", "gender", "birthDate", "nationalCode", "passportNumber", "passportCountry", "passportExpiry", "wheelchair", "updatedAt"],
  properties: {
    id: { type: "string", format: "uuid", description: "The entry's id, for DELETE." },
    ...SAVED_PASSENGER_PROPERTIES,
    nationality: { type: "string" },
    wheelchair: { type: "boolean" },
    updatedAt: { type: "string", format: "date-time" },
  },
};

const MY_BOOKING = {
  type: "object",
  required: ["reference", "hashId", "status", "service", "total", "createdAt", "legs", "links"],
  properties: {
    reference: { type: "string", example: "7KQ2MZ4P" },
    hashId: { type: "string", description: "GET /api/v1/bookings/{hashId} with the same session for everything about it." },
    status: { type: "string", enum: ["held", "awaiting_payment", "paid", "issued", "expired", "cancelled", "refund_requested", "refunded"] },
    service: { type: "string", enum: ["flight", "flightRtrip"] },
    total: MONEY,
    createdAt: { type: "string", format: "date-time" },
    legs: {
      type: "array",
      items: {
        type: "object",
        required: ["from", "to", "departAt", "flightNumber"],
        properties: { from: { type: "string", example: "THR" }, to: { type: "string", example: "MHD" }, departAt: { type: "string", format: "date-time" }, flightNumber: { type: "string" } },
      },
    },
    links: {
      type: "object",
      required: ["prefactor", "factor", "ticketPdf", "follow"],
      description: "Paths on this agency's host, in the request's language.",
      properties: {
        prefactor: { type: "string", example: "/flight/prefactor/7KQ2MZ4P/AbCdEfGhIjKlMnOpQrStUv" },
        factor: { type: "string", example: "/flight/factor/7KQ2MZ4P/AbCdEfGhIjKlMnOpQrStUv" },
        ticketPdf: { type: ["string", "null"], description: "Once issued: the e-ticket (with the same session)." },
        follow: { type: "string", example: "/follow?booking=AbCdEfGhIjKlMnOpQrStUv" },
      },
    },
  },
};

const SIGN_IN = {
  type: "object",
  required: ["token", "expiresAt", "user"],
  properties: {
    token: { type: "string", pattern: "^[A-Za-z0-9_-]{43}$", description: "Send as `Authorization: Bearer <token>`. Shown once; the server keeps only its hash." },
    expiresAt: { type: "string", format: "date-time", description: "30 days on." },
    user: { $ref: "#/components/schemas/User" },
  },
};

const ACCOUNT_PATHS = {
  "/api/v1/auth/otp": {
    post: {
      summary: "Send a sign-in code by SMS (signing in and registering are the same)",
      description:
        "The same answer for every valid number, whether it has an account or not. The SMS is in the `lang` parameter's language, else the `language` header's, the locale cookie's, Accept-Language's, else Persian. Limits: one code a minute per number, 5 an hour per number, 20 an hour per address, the agency's daily SMS budget. After 3 failures (wrong codes, refused requests) from one address in an hour, a proof of work (or reCAPTCHA, where the agency set it up) is asked for.",
      parameters: [LANG],
      requestBody: {
        required: true,
        content: jsonOf({
          type: "object",
          required: ["mobile"],
          properties: {
            mobile: { type: "string", maxLength: 64, example: "09121234567", description: "An Iranian mobile in any common form and digit set." },
            powChallengeId: { type: ["string", "null"], maxLength: 64, description: "With powNonce: the solved challenge of a 428 answer." },
            powNonce: { type: ["string", "null"], maxLength: 64 },
            recaptchaToken: { type: ["string", "null"], maxLength: 4096, description: "Where the agency uses reCAPTCHA v3 (action login)." },
          },
        }),
      },
      responses: {
        "202": {
          description: "Sent.",
          content: jsonOf({ type: "object", required: ["status", "resendAfterSeconds"], properties: { status: { type: "string", enum: ["sent"] }, resendAfterSeconds: { type: "integer", example: 60 } } }),
        },
        "400": accountError("MOBILE_INVALID; BAD_JSON; VALIDATION (fields)."),
        "403": accountError("CROSS_SITE_REQUEST: sent by another site's page."),
        "428": accountError("PROOF_REQUIRED: solve `challenge` (or get a reCAPTCHA token when it is null) and ask again."),
        "429": accountError("RATE_LIMITED: the number waits for its next code, or a limit is reached; retryAfterSeconds and Retry-After say when to ask again."),
        "413": ACCOUNT_BODY_ERRORS["413"],
        "415": ACCOUNT_BODY_ERRORS["415"],
        "503": accountError("SMS_UNAVAILABLE: the SMS provider did not take the message; nothing was sent."),
      },
    },
  },
  "/api/v1/auth/verify": {
    post: {
      summary: "Trade the SMS code for a session (a bearer token); the first sign-in opens the account",
      description: "A code lives 3 minutes and is good once; 5 wrong tries lock it (ask for a new one). Bookings made as a guest with this number become the account's.",
      requestBody: {
        required: true,
        content: jsonOf({
          type: "object",
          required: ["mobile", "code"],
          properties: { mobile: { type: "string", maxLength: 64 }, code: { type: "string", maxLength: 32, example: "123456", description: "Six digits; Persian digits and spaces are read." } },
        }),
      },
      responses: {
        "200": { description: "Signed in.", content: jsonOf(SIGN_IN) },
        "400": accountError("MOBILE_INVALID; BAD_JSON; VALIDATION (fields)."),
        "401": accountError("CODE_WRONG (triesLeft), or CODE_EXPIRED: the code ran out, was used, or none was sent: ask for a new one."),
        "429": accountError("CODE_LOCKED: too many wrong tries; even the right code is refused now. Ask for a new code."),
        "413": ACCOUNT_BODY_ERRORS["413"],
        "415": ACCOUNT_BODY_ERRORS["415"],
      },
    },
  },
  "/api/v1/auth/logout": {
    post: {
      summary: "End this session, or every session of the account",
      security: SIGNED_IN,
      parameters: [{ name: "everywhere", in: "query", required: false, schema: { type: "string", enum: ["true"] }, description: "End every session of the account (every app and browser)." }, CSRF_TOKEN],
      requestBody: { required: false, content: jsonOf({ type: "object", properties: { everywhere: { type: "boolean" } } }) },
      responses: { "204": { description: "Signed out; the token (or cookie) no longer works." }, ...SIGNED_IN_WRITE_ERRORS, ...ACCOUNT_BODY_ERRORS },
    },
  },
  "/api/v1/me": {
    get: {
      summary: "The signed-in traveller",
      security: SIGNED_IN,
      responses: { "200": { description: "The user.", content: jsonOf({ $ref: "#/components/schemas/User" }) }, ...SIGNED_IN_ERRORS },
    },
    patch: {
      summary: "Change profile fields",
      description: "Checked by the user panel's rules (the passenger rules of the booking form).",
      security: SIGNED_IN,
      parameters: [CSRF_TOKEN],
      requestBody: { required: true, content: jsonOf({ $ref: "#/components/schemas/ProfilePatch" }) },
      responses: { "200": { description: "The updated user.", content: jsonOf({ $ref: "#/components/schemas/User" }) }, ...SIGNED_IN_WRITE_ERRORS, ...ACCOUNT_BODY_ERRORS },
    },
  },
  "/api/v1/me/bookings": {
    get: {
      summary: "The traveller's bookings, newest first (at most 100)",
      security: SIGNED_IN,
      parameters: [LANG],
      responses: {
        "200": { description: "Their bookings.", content: jsonOf({ type: "object", required: ["bookings"], properties: { bookings: { type: "array", items: { $ref: "#/components/schemas/MyBooking" } } } }) },
        ...SIGNED_IN_ERRORS,
      },
    },
  },
  "/api/v1/me/passengers": {
    get: {
      summary: "The traveller's saved passengers, most recently updated first",
      description: "Everyone they booked for while signed in, and everyone they added.",
      security: SIGNED_IN,
      responses: {
        "200": { description: "The list.", content: jsonOf({ type: "object", required: ["passengers"], properties: { passengers: { type: "array", items: { $ref: "#/components/schemas/SavedPassenger" } } } }) },
        ...SIGNED_IN_ERRORS,
      },
    },
    post: {
      summary: "Save a passenger",
      security: SIGNED_IN,
      parameters: [CSRF_TOKEN],
      requestBody: { required: true, content: jsonOf({ $ref: "#/components/schemas/SavedPassengerRequest" }) },
      responses: {
        "201": { description: "Added (Location names the entry).", content: jsonOf({ $ref: "#/components/schemas/SavedPassenger" }) },
        "200": { description: "The same person (by national code or passport) was saved already: their entry is updated.", content: jsonOf({ $ref: "#/components/schemas/SavedPassenger" }) },
        ...SIGNED_IN_WRITE_ERRORS,
        ...ACCOUNT_BODY_ERRORS,
      },
    },
  },
  "/api/v1/me/passengers/{id}": {
    delete: {
      summary: "Remove a saved passenger",
      security: SIGNED_IN,
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, CSRF_TOKEN],
      responses: { "204": { description: "Removed." }, "404": accountError("NOT_FOUND: no such entry in this account's list."), ...SIGNED_IN_WRITE_ERRORS },
    },
  },
  "/api/v1/me/wallet": {
    get: {
      summary: "The traveller's wallet: balance, credit, what they may spend, and the latest movements",
      description: "The balance is derived from the double-entry ledger; below zero while granted credit is in use. Entries are newest first; a positive amount came in.",
      security: SIGNED_IN,
      parameters: [LANG, { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 200, default: 50 } }],
      responses: {
        "200": {
          description: "The wallet (all zero and no entries when it was never used).",
          content: jsonOf({
            type: "object",
            required: ["balance", "credit", "available", "entries"],
            properties: {
              balance: { type: "integer", description: "tomans the agency owes the traveller" },
              credit: { type: "integer", description: "tomans the wallet may go below zero" },
              available: { type: "integer", description: "balance + credit" },
              entries: {
                type: "array",
                items: {
                  type: "object",
                  required: ["id", "at", "amount", "kind", "reason", "links"],
                  properties: {
                    id: { type: "string" },
                    at: { type: "string", format: "date-time" },
                    amount: { type: "integer", description: "signed tomans" },
                    kind: { type: "string", enum: ["topup", "booking_payment", "wallet_hold", "hold_release", "refund", "adjustment"] },
                    reason: { type: "string" },
                    links: { type: "object", properties: { booking: { type: "string", description: "the booking's API path" }, payment: { type: "string", description: "the payment's result page" } } },
                  },
                },
              },
            },
          }),
        },
        ...SIGNED_IN_ERRORS,
      },
    },
  },
  "/api/v1/me/wallet/topup": {
    post: {
      summary: "Top up the wallet through the agency's gateway: the bank page to send the buyer to",
      description: "From 10,000 to 50,000,000 tomans. The bank returns to /payment/callback/{gateway}; once the gateway verifies the payment the wallet is credited exactly once, however often the callback is replayed.",
      security: SIGNED_IN,
      parameters: [LANG, CSRF_TOKEN],
      requestBody: {
        required: true,
        content: jsonOf({ type: "object", required: ["amount"], additionalProperties: false, properties: { amount: { type: "integer", minimum: 10000, maximum: 50000000 }, gateway: { type: "string", maxLength: 40, example: "sandbox" } } }),
      },
      responses: {
        "200": {
          description: "Send the buyer to `redirectUrl` (with `fields` by POST when `method` is POST).",
          content: jsonOf({
            type: "object",
            required: ["redirectUrl", "method", "payment"],
            properties: {
              redirectUrl: { type: "string", format: "uri" },
              method: { type: "string", enum: ["GET", "POST"] },
              fields: { type: "object", additionalProperties: { type: "string" } },
              payment: { type: "object", required: ["hashId", "amount"], properties: { hashId: { type: "string" }, amount: { type: "integer", description: "tomans" } } },
            },
          }),
        },
        "422": accountError("GATEWAY_UNAVAILABLE: not offered by this agency, or not answering."),
        ...SIGNED_IN_WRITE_ERRORS,
        ...ACCOUNT_BODY_ERRORS,
      },
    },
  },
};

/**
 * The storefront's API, one OpenAPI 3.1 document that each issue extends with its endpoints
 * (`GET /api/v1/openapi.json`).
 */
export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Hamsafar storefront API", version: "1", description: "Every answer is scoped to the agency of the request's host. Money is integer tomans." },
  paths: {
    "/api/v1/places": {
      get: {
        summary: "Place suggestions for a search form's place field, most popular first",
        parameters: [
          { name: "service", in: "query", required: true, schema: { type: "string", enum: ["flight", "internationalflight", "train", "bus", "hotel", "outHotel", "tour", "insurance"] } },
          { name: "q", in: "query", required: true, schema: { type: "string", maxLength: 64 }, description: "What was typed: any prefix of a name, alias or code, in any script and digit set." },
          LANG,
        ],
        responses: { "200": { description: "Matches (an empty list for an empty or unusable query).", content: { "application/json": { schema: { type: "object", properties: { places: { type: "array", items: PLACE } } } } } } },
      },
    },
    "/api/v1/flights/search": {
      get: {
        summary: "Domestic flight offers for a route and day, cheapest first",
        parameters: [
          { name: "from", in: "query", required: true, schema: { type: "string", pattern: "^[A-Za-z]{3}$" }, example: "THR" },
          { name: "to", in: "query", required: true, schema: { type: "string", pattern: "^[A-Za-z]{3}$" }, example: "MHD" },
          { name: "date", in: "query", required: true, schema: { type: "string", format: "date" }, description: "Departure day in Tehran." },
          { name: "returnDate", in: "query", required: false, schema: { type: "string", format: "date" }, description: "For a round trip: the answer adds returnOffers." },
          { name: "adults", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 9, default: 1 } },
          { name: "children", in: "query", required: false, schema: { type: "integer", minimum: 0, maximum: 8, default: 0 } },
          { name: "infants", in: "query", required: false, schema: { type: "integer", minimum: 0, maximum: 9, default: 0 }, description: "No more than adults (spec §5)." },
          { name: "cabin", in: "query", required: false, schema: { type: "string", enum: ["economy", "business"] } },
          LANG,
        ],
        responses: {
          "200": { description: "Offers with seats for the party.", content: { "application/json": { schema: { type: "object", properties: { offers: { type: "array", items: OFFER }, returnOffers: { type: "array", items: OFFER } } } } } },
          "400": {
            description:
              "A parameter is wrong. Codes: FROM_INVALID, TO_INVALID, SAME_ROUTE, DATE_INVALID, DATE_PAST, DATE_TOO_FAR, RETURN_INVALID, RETURN_BEFORE_DEPARTURE, COUNT_INVALID, ADULT_REQUIRED, INFANTS_EXCEED_ADULTS, TOO_MANY_PASSENGERS, CABIN_INVALID.",
            content: { "application/json": { schema: ERROR } },
          },
          "404": { description: "This agency does not sell domestic flights.", content: { "application/json": { schema: ERROR } } },
        },
      },
    },
    "/api/v1/bookings": {
      post: {
        summary: "Hold seats: a booking for a flight offer (or a round-trip pair) and its passengers",
        description:
          "Signed in (bearer token or session cookie), the booking belongs to the account (only its sessions can open it) and its passengers join the account's saved passengers. Idempotency keys are then the account's own.",
        security: BOOKING_SECURITY,
        parameters: [IDEMPOTENCY_KEY, LANG, CSRF_TOKEN],
        requestBody: { required: true, content: jsonOf({ $ref: "#/components/schemas/BookingRequest" }) },
        responses: {
          "201": { description: "Held. Location is the booking's URL.", content: jsonOf(BOOKING_CREATED) },
          "404": { description: "SERVICE_UNAVAILABLE: this agency does not sell domestic flights.", content: jsonOf(ERROR_REF) },
          "409": {
            description:
              "SOLD_OUT: fewer seats than the party; FARE_CHANGED: expectedFare differs (the error has fare and previousFare); IDEMPOTENCY_IN_PROGRESS: the first request with this key is still running.",
            content: jsonOf(ERROR_REF),
          },
          "422": {
            description: "VALIDATION_FAILED with one entry per field; OFFER_NOT_FOUND: the offer is unknown or no longer on sale; IDEMPOTENCY_KEY_REUSED: the key came with another body.",
            content: jsonOf({ oneOf: [{ $ref: "#/components/schemas/ValidationError" }, ERROR_REF] }),
          },
          "403": BOOKING_CSRF,
          ...BODY_ERRORS,
          "503": { description: "UNAVAILABLE: try again (with the same Idempotency-Key).", content: jsonOf(ERROR_REF) },
        },
      },
    },
    "/api/v1/bookings/lookup": {
      post: {
        summary: "Find a booking by its reference and the contact mobile",
        parameters: [LANG],
        requestBody: {
          required: true,
          content: jsonOf({ type: "object", required: ["reference", "mobile"], properties: { reference: { type: "string", maxLength: 64, description: "Case, spaces, dashes and Persian digits do not matter." }, mobile: { type: "string", maxLength: 64 } } }),
        },
        responses: {
          "200": { description: "Found.", content: jsonOf({ type: "object", required: ["hashId"], properties: { hashId: { type: "string" } } }) },
          "404": { description: "NOT_FOUND, the same answer for every mismatch.", content: jsonOf(ERROR_REF) },
          "429": { description: "RATE_LIMITED: 10 tries per address in 10 minutes; see Retry-After.", content: jsonOf(ERROR_REF) },
          ...BODY_ERRORS,
        },
      },
    },
    "/api/v1/bookings/{hashId}": {
      get: {
        summary: "A booking, by the key given when it was made",
        security: BOOKING_SECURITY,
        parameters: [{ name: "hashId", in: "path", required: true, schema: { type: "string", pattern: "^[A-Za-z0-9_-]{22}$" } }, LANG],
        responses: {
          "200": { description: "The booking (not cacheable).", content: jsonOf({ $ref: "#/components/schemas/Booking" }) },
          "404": OWNED_NOT_FOUND,
        },
      },
    },
    "/api/v1/bookings/{hashId}/pay": {
      post: {
        summary: "Start paying a held booking: the bank page to send the buyer to",
        description:
          "The amount is the booking's total as stored; the hold is stretched to cover the bank's page and its verify deadline. The bank sends the buyer back to /payment/callback/{gateway}; the result is shown at /payment/paymentp/{reference}/{paymentHash}/{status}. Gateways are the agency's (`sandbox`, `zarinpal`); without `gateway` its default is used.",
        security: BOOKING_SECURITY,
        parameters: [{ name: "hashId", in: "path", required: true, schema: { type: "string", pattern: "^[A-Za-z0-9_-]{22}$" } }, LANG, CSRF_TOKEN],
        requestBody: {
          required: true,
          content: jsonOf({
            type: "object",
            additionalProperties: false,
            properties: {
              gateway: { type: "string", maxLength: 40, example: "sandbox" },
              walletAmount: {
                type: "integer",
                minimum: 1,
                description:
                  "Issue 10, signed in as the booking's account only. Alone: the whole total from the wallet (must equal it); `redirectUrl` is then the result page. With `gateway`: this part is held from the wallet and the bank is asked for the rest; the hold is taken when the bank part is verified and given back if it is not.",
              },
            },
          }),
        },
        responses: {
          "200": {
            description: "Send the buyer to `redirectUrl` (with `fields` by POST when `method` is POST).",
            content: jsonOf({
              type: "object",
              required: ["redirectUrl", "method", "payment"],
              properties: {
                redirectUrl: { type: "string", format: "uri" },
                method: { type: "string", enum: ["GET", "POST"] },
                fields: { type: "object", additionalProperties: { type: "string" } },
                payment: {
                  type: "object",
                  properties: { hashId: { type: "string" }, amount: { type: "integer", description: "tomans" }, walletAmount: { type: "integer", description: "tomans from the wallet" }, gateway: { type: "string" }, status: { type: "string" } },
                },
              },
            }),
          },
          "404": OWNED_NOT_FOUND,
          "401": { description: "UNAUTHORIZED: `walletAmount` needs a signed-in account.", content: jsonOf(ERROR_REF) },
          "403": { description: "CSRF (a cookie session without the header), or WALLET_NOT_ALLOWED: the booking is not this account's.", content: jsonOf(ERROR_REF) },
          "409": {
            description: "NOT_PAYABLE: the booking is not held any more (expired, paid, cancelled); INSUFFICIENT_FUNDS: balance and credit do not cover `walletAmount` (nothing moved); IN_PROGRESS: a wallet payment of it is being made.",
            content: jsonOf(ERROR_REF),
          },
          "422": { description: "GATEWAY_UNAVAILABLE (not offered by this agency, or not answering), WALLET_AMOUNT_INVALID (not the total alone, or not below it with a gateway) or VALIDATION_FAILED.", content: jsonOf(ERROR_REF) },
        },
      },
    },
    "/api/v1/bookings/{hashId}/ticket.pdf": {
      get: {
        summary: "The e-ticket of an issued booking, as a PDF",
        description: "In the agency's colours and logo, with every leg, passenger and ticket number. Not cacheable.",
        security: BOOKING_SECURITY,
        parameters: [
          HASH_ID,
          { name: "lang", in: "query", required: false, schema: { type: "string", enum: ["fa", "en", "ar"] }, description: "Language of the ticket (Persian calendar and digits in fa); the booking's own language when absent." },
        ],
        responses: {
          "200": {
            description: 'The PDF, as an attachment named `ticket-{reference}.pdf` (Content-Disposition: attachment; filename="ticket-7KQ2MZ4P.pdf").',
            content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
          },
          "404": OWNED_NOT_FOUND,
          "409": { description: "NOT_ISSUED: the booking has no tickets to print (not paid yet, or refunded).", content: jsonOf(ERROR_REF) },
        },
      },
    },
    "/api/v1/bookings/{hashId}/refund-quote": {
      post: {
        summary: "What cancelling an issued booking would cost now, before the traveller confirms",
        description: "Each fare's refund rule (airline, class) by the time left before departure; nothing is kept when the airline cancelled the flight. The body may be empty. Nothing changes.",
        security: BOOKING_SECURITY,
        parameters: [HASH_ID, LANG, CSRF_TOKEN],
        requestBody: { required: false, content: jsonOf({ type: "object" }) },
        responses: {
          "200": { description: "The quote.", content: jsonOf(REFUND_QUOTE) },
          "404": OWNED_NOT_FOUND,
          "403": BOOKING_CSRF,
          "409": { description: "NOT_REFUNDABLE_NOW: the booking is not issued (not paid yet, or a refund is already under way); NON_REFUNDABLE: a fare of it cannot be refunded.", content: jsonOf(ERROR_REF) },
          ...BODY_ERRORS,
        },
      },
    },
    "/api/v1/bookings/{hashId}/refund": {
      post: {
        summary: "Cancel an issued booking and refund it, at the penalty of the moment",
        description:
          "The penalty is quoted again when the request arrives. The tickets are cancelled and the seats go back on sale. To a card: the booking moves to refund_requested and the amount is paid to the Sheba account given. To the wallet (only for a booking of the signed-in account): the amount is credited to the account's wallet at once and the booking is refunded; asking again for a wallet refund left unfinished completes it without crediting twice. Recorded once: a second request is 409.",
        security: BOOKING_SECURITY,
        parameters: [HASH_ID, LANG, CSRF_TOKEN],
        requestBody: {
          required: true,
          content: jsonOf({
            type: "object",
            required: ["to"],
            properties: {
              to: { type: "string", enum: ["card", "wallet"], description: "card: to a bank account by Sheba. wallet: to the account's wallet, at once (a guest booking has none: 422 DESTINATION_UNAVAILABLE)." },
              sheba: { type: "string", maxLength: 64, example: "IR820540102680020817909002", description: "Required with card. Spaces, dashes, Persian digits and a missing IR are read." },
            },
          }),
        },
        responses: {
          "200": {
            description: "Requested (card) or credited to the wallet (wallet).",
            content: jsonOf({
              type: "object",
              required: ["status", "refund"],
              properties: {
                status: { type: "string", enum: ["refund_requested", "refunded"], description: "refunded when the money went to the wallet." },
                refund: {
                  type: "object",
                  required: ["paid", "penalty", "amount", "destination"],
                  properties: {
                    paid: MONEY,
                    penalty: MONEY,
                    amount: MONEY,
                    destination: { type: "string", enum: ["card", "wallet"] },
                    sheba: { type: "string", description: "With card, as stored: IR and 24 digits." },
                    status: { type: "string", enum: ["paid"], description: "With wallet: already credited." },
                  },
                },
              },
            }),
          },
          "404": OWNED_NOT_FOUND,
          "403": BOOKING_CSRF,
          "409": { description: "NOT_REFUNDABLE_NOW (not issued, or already requested) or NON_REFUNDABLE.", content: jsonOf(ERROR_REF) },
          "422": {
            description: "SHEBA_INVALID (field sheba, in errors too); DESTINATION_UNAVAILABLE (field to: a wallet refund of a guest booking); VALIDATION_FAILED for a wrong shape.",
            content: jsonOf({ oneOf: [{ $ref: "#/components/schemas/ValidationError" }, ERROR_REF] }),
          },
          ...BODY_ERRORS,
        },
      },
    },
    ...ACCOUNT_PATHS,
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "The token of POST /api/v1/auth/verify (apps)." },
      cookieAuth: { type: "apiKey", in: "cookie", name: "hs_session", description: "The storefront's own pages: the session cookie, with X-CSRF-Token on POST, PATCH and DELETE." },
    },
    schemas: {
      Error: ERROR,
      ValidationError: VALIDATION_ERROR,
      Passenger: PASSENGER,
      Contact: CONTACT,
      Company: COMPANY,
      BookingRequest: BOOKING_REQUEST,
      Booking: BOOKING,
      RefundQuote: REFUND_QUOTE,
      Price: PRICE,
      AccountError: ACCOUNT_ERROR,
      PowChallenge: POW_CHALLENGE,
      User: USER,
      ProfilePatch: PROFILE_PATCH,
      SavedPassenger: SAVED_PASSENGER,
      SavedPassengerRequest: SAVED_PASSENGER_REQUEST,
      MyBooking: MY_BOOKING,
    },
  },
} as const;

export function openApiRoutes(): Router {
  const router = Router();
  router.get("/api/v1/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(OPENAPI_DOCUMENT);
  });
  return router;
}
