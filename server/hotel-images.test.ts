import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testHotelSupplier, testHotels } from "#core/hotels/test-hotels.ts";
import { drawHotelImage, hotelImages } from "./hotel-images.ts";

describe("the hotel pictures", () => {
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const app = express();
    app.use(hotelImages({ hotels: testHotelSupplier() }));
    app.use((_req, res) => res.status(418).send("fell through"));
    server = await new Promise<Server>((done) => {
      const listening = app.listen(0, "127.0.0.1", () => done(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
  });

  it("draws an SVG of a known hotel's picture, cached for a year", async () => {
    const response = await fetch(`${base}/hotel-images/mashhad/darvishi/1.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(svg).toMatch(/<\/svg>$/);
    // Nothing that runs or fetches: an SVG opened on its own stays a picture.
    expect(svg).not.toMatch(/<script|href=|<foreignObject|on[a-z]+=/i);
  });

  it("answers 404 for an unknown hotel, city, picture or path", async () => {
    for (const path of [
      "/hotel-images/mashhad/nowhere/1.svg",
      "/hotel-images/tehran/darvishi/1.svg",
      "/hotel-images/mashhad/darvishi/4.svg",
      "/hotel-images/mashhad/darvishi/0.svg",
      "/hotel-images/mashhad/darvishi/1.png",
      "/hotel-images/mashhad/darvishi/1.svg/more",
      "/hotel-images/Mashhad/darvishi/1.svg",
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it("draws the same picture every time, and different pictures of one hotel and of two hotels", () => {
    const [darvishi, razi] = testHotels().map((hotel) => hotel.details);
    const pictures = [1, 2, 3, 4, 5, 6, 7].map((index) => drawHotelImage(darvishi!, index));
    expect(new Set(pictures).size).toBe(7);
    expect(drawHotelImage(darvishi!, 3)).toBe(pictures[2]);
    expect(drawHotelImage(razi!, 1)).not.toBe(pictures[0]);
  });
});
