import type { HotelListing } from "./hotel.ts";

/** Four listings of one city for the filter and sort tests: every star choice, band and bed option. */
export function listing(hotelId: string, overrides: Partial<HotelListing> = {}): HotelListing {
  return {
    hotelId,
    city: "mashhad",
    countryCode: "IR",
    region: "iran",
    kind: "hotel",
    name: hotelId,
    stars: 4,
    address: "",
    location: { lat: 36.3, lng: 59.6 },
    distanceKm: 1,
    rating: { total: 8, count: 10 },
    thumbnail: { src: "/hotel-images/x.svg", alt: "" },
    facilities: ["wifi"],
    beds: [2],
    cheapestTotal: 2_000_000,
    cheapestPerNight: 2_000_000,
    breakfast: true,
    ...overrides,
  };
}

export const HOTELS = [
  listing("darvishi", {
    name: "هتل درویشی",
    stars: 5,
    cheapestPerNight: 6_000_000,
    cheapestTotal: 12_000_000,
    beds: [2, 4],
    facilities: ["wifi", "pool", "parking"],
    rating: { total: 9.1, count: 300 },
    distanceKm: 0.8,
  }),
  listing("razi", {
    name: "Razi Hotel",
    stars: 3,
    cheapestPerNight: 1_100_000,
    cheapestTotal: 2_200_000,
    beds: [1, 3],
    facilities: ["wifi"],
    rating: { total: 7.5, count: 50 },
    distanceKm: 2.4,
  }),
  listing("house", {
    name: "خانه سنتی كريمی",
    stars: 0,
    kind: "traditional",
    cheapestPerNight: 1_500_000,
    cheapestTotal: 3_000_000,
    beds: [2],
    facilities: ["parking"],
    rating: { total: 9.1, count: 40 },
    distanceKm: 0.3,
  }),
  listing("pars", {
    name: "Pars",
    stars: 4,
    cheapestPerNight: 3_000_000,
    cheapestTotal: 6_000_000,
    beds: [5],
    facilities: ["wifi", "parking"],
    rating: { total: 8.2, count: 90 },
    distanceKm: 4,
  }),
];
export const ids = (listings: HotelListing[]) => listings.map((hotel) => hotel.hotelId);
