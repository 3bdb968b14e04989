/**
 * The e-ticket PDF (issue 8): one A4 page per small booking in the booking's language, laid out
 * with @react-pdf/renderer in Vazirmatn (Persian, Arabic and Latin glyphs in one family).
 *
 * Everything in the TicketDocument is already translated and in the language's digits; this file
 * only lays it out. Right-to-left documents mirror every row (row-reverse) and align text to the
 * right. react-pdf shapes Arabic script through fontkit (joined letters) and runs the Unicode
 * bidi algorithm on each <Text>, but codes (flight numbers, PNRs, ticket numbers, the reference,
 * phone, website) still get a <Text> of their own with direction ltr, so that no Latin code sits
 * inside a Persian sentence.
 */
import {
  Circle,
  Document,
  Ellipse,
  Line,
  Page,
  Path,
  Polygon,
  Polyline,
  Rect,
  Svg,
  Text,
  View,
  renderToBuffer,
  type Styles,
} from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { TicketDocument } from "#core/tickets/ticket-document.ts";
import { holdCodesLeftToRight, strictlyLeftToRight } from "./bidi.ts";
import { FONT_FAMILY, loadFonts } from "./fonts.ts";
import { parseLogoSvg, type LogoShape, type ParsedLogo } from "./logo-svg.ts";

type Style = Styles[string];

const INK = "#1F2937";
const MUTED = "#6B7280";
const RULE = "#E5E7EB";
const TINT = "#F3F4F6";

const styles = {
  page: { fontFamily: FONT_FAMILY, fontSize: 9, color: INK, paddingTop: 32, paddingBottom: 64, paddingHorizontal: 36 },
  header: { borderRadius: 8, paddingVertical: 14, paddingHorizontal: 16, alignItems: "center", gap: 12 },
  logoTile: { width: 46, height: 46, borderRadius: 8, backgroundColor: "#FFFFFF", alignItems: "center", justifyContent: "center" },
  tenantName: { fontSize: 15, fontWeight: 700 },
  title: { fontSize: 10.5 },
  referenceLabel: { fontSize: 8 },
  reference: { fontSize: 20, fontWeight: 700, letterSpacing: 0.5, lineHeight: 1.2 },
  meta: { marginTop: 10, marginBottom: 4, paddingHorizontal: 4, gap: 28 },
  label: { fontSize: 7.5, color: MUTED },
  value: { fontSize: 9.5 },
  strong: { fontWeight: 700 },
  leg: { marginTop: 10, borderWidth: 1, borderColor: RULE, borderRadius: 6 },
  legHead: {
    backgroundColor: TINT,
    paddingVertical: 5,
    paddingHorizontal: 10,
    alignItems: "center",
    justifyContent: "space-between",
    borderTopLeftRadius: 6,
    borderTopRightRadius: 6,
  },
  legBody: { paddingVertical: 8, paddingHorizontal: 10, gap: 10, alignItems: "flex-start" },
  city: { fontSize: 12, fontWeight: 700 },
  sectionTitle: { fontSize: 10, fontWeight: 700, marginTop: 14, marginBottom: 5 },
  table: { borderWidth: 1, borderColor: RULE, borderRadius: 6 },
  tableHead: { backgroundColor: TINT, borderTopLeftRadius: 6, borderTopRightRadius: 6 },
  tableRow: { borderTopWidth: 1, borderColor: RULE },
  cell: { paddingVertical: 5, paddingHorizontal: 8 },
  headCell: { fontSize: 7.5, fontWeight: 700, color: MUTED },
  bottom: { marginTop: 14, gap: 16, alignItems: "flex-start" },
  priceBox: { borderWidth: 1, borderColor: RULE, borderRadius: 6, paddingVertical: 6, paddingHorizontal: 10 },
  priceLine: { justifyContent: "space-between", paddingVertical: 2, gap: 8 },
  totalLine: { justifyContent: "space-between", marginTop: 4, paddingTop: 5, borderTopWidth: 1.5, gap: 8 },
  total: { fontSize: 11, fontWeight: 700 },
  note: { gap: 6, marginBottom: 4, alignItems: "flex-start" },
  bullet: { width: 4, height: 4, borderRadius: 2, marginTop: 5.5 },
  footer: {
    position: "absolute",
    bottom: 28,
    left: 36,
    right: 36,
    borderTopWidth: 1,
    borderColor: RULE,
    paddingTop: 8,
    justifyContent: "space-between",
    alignItems: "center",
  },
} satisfies Styles;

/** What every part of the layout needs to know about the page's direction and brand. */
interface Layout {
  rtl: boolean;
  direction: "rtl" | "ltr";
  /** flexDirection of a row: its first child sits at the start of the reading direction. */
  row: Style;
  /** textAlign at the start and at the end of the reading direction. */
  start: Style;
  end: Style;
  brand: string;
}

function layoutOf(document: TicketDocument): Layout {
  const rtl = document.direction === "rtl";
  return {
    rtl,
    direction: document.direction,
    row: { flexDirection: rtl ? "row-reverse" : "row" },
    start: { textAlign: rtl ? "right" : "left" },
    end: { textAlign: rtl ? "left" : "right" },
    brand: document.tenant.brandColor,
  };
}

const BASE_SIZE = 9;
const LINE_HEIGHT = 1.45;

/**
 * A Text's style: its direction, its alignment, its font size and line height. react-pdf resolves
 * a unitless lineHeight against the font size in the style that declares it and inherits the
 * result in points, so a page-wide 1.45 would squeeze every bigger text: each Text declares both.
 */
function textStyle(layout: Layout, direction: "rtl" | "ltr", align: "start" | "end", style: Style | Style[] | undefined): Style[] {
  const extra = Array.isArray(style) ? style : style ? [style] : [];
  return [{ direction, fontSize: BASE_SIZE, lineHeight: LINE_HEIGHT }, layout[align], ...extra];
}

/** Text in the page's language, aligned to the start (or to `align`). */
function Words({
  layout,
  children,
  style,
  align = "start",
}: {
  layout: Layout;
  children: string;
  style?: Style | Style[];
  align?: "start" | "end";
}) {
  return <Text style={textStyle(layout, layout.direction, align, style)}>{layout.rtl ? holdCodesLeftToRight(children) : children}</Text>;
}

/** A Latin code (flight number, PNR, ticket number…): always left to right, in its own Text. */
function Code({
  layout,
  children,
  style,
  align = "start",
}: {
  layout: Layout;
  children: string;
  style?: Style | Style[];
  align?: "start" | "end";
}) {
  return <Text style={textStyle(layout, "ltr", align, style)}>{strictlyLeftToRight(children)}</Text>;
}

/** A small grey label above its value. */
function Field({
  layout,
  label,
  children,
  align = "start",
  style,
}: {
  layout: Layout;
  label: string;
  children: ReactNode;
  align?: "start" | "end";
  style?: Style;
}) {
  return (
    <View style={style}>
      <Words layout={layout} align={align} style={styles.label}>
        {label}
      </Words>
      {children}
    </View>
  );
}

function LogoShapeElement({ shape }: { shape: LogoShape }) {
  const props = shape.props;
  switch (shape.kind) {
    case "rect":
      return <Rect {...props} width={props.width!} height={props.height!} />;
    case "circle":
      return <Circle {...props} r={props.r!} />;
    case "ellipse":
      return <Ellipse {...props} rx={props.rx!} ry={props.ry!} />;
    case "path":
      return <Path {...props} d={props.d!} />;
    case "polygon":
      return <Polygon {...props} points={props.points!} />;
    case "polyline":
      return <Polyline {...props} points={props.points!} />;
    case "line":
      return <Line {...props} x1={props.x1 ?? "0"} y1={props.y1 ?? "0"} x2={props.x2 ?? "0"} y2={props.y2 ?? "0"} />;
  }
}

function Logo({ logo }: { logo: ParsedLogo }) {
  const size = 38;
  const width = logo.aspect >= 1 ? size : size * logo.aspect;
  const height = logo.aspect >= 1 ? size / logo.aspect : size;
  return (
    <View style={styles.logoTile}>
      <Svg viewBox={logo.viewBox} width={width} height={height}>
        {logo.shapes.map((shape, index) => (
          <LogoShapeElement key={index} shape={shape} />
        ))}
      </Svg>
    </View>
  );
}

/** An arrow from the departure city to the arrival city, pointing along the reading direction. */
function RouteArrow({ layout }: { layout: Layout }) {
  const d = layout.rtl ? "M22 6H3M3 6l5-4.5M3 6l5 4.5" : "M2 6h19M21 6l-5-4.5M21 6l-5 4.5";
  return (
    <View style={{ paddingTop: 14, width: 24, alignItems: "center" }}>
      <Svg viewBox="0 0 24 12" width={20} height={10}>
        <Path d={d} stroke={MUTED} strokeWidth={1.4} strokeLinecap="round" fill="none" />
      </Svg>
    </View>
  );
}

function Header({ document, layout, logo }: { document: TicketDocument; layout: Layout; logo: ParsedLogo | null }) {
  const on = { color: document.tenant.onBrandColor };
  return (
    <View style={[styles.header, layout.row, { backgroundColor: layout.brand }]}>
      {logo ? <Logo logo={logo} /> : null}
      <View style={{ flex: 1 }}>
        <Words layout={layout} style={[styles.tenantName, on]}>
          {document.tenant.name}
        </Words>
        <Words layout={layout} style={[styles.title, on]}>
          {document.labels.title}
        </Words>
      </View>
      <View>
        <Words layout={layout} align="end" style={[styles.referenceLabel, on]}>
          {document.labels.reference}
        </Words>
        <Code layout={layout} align="end" style={[styles.reference, on]}>
          {document.booking.reference}
        </Code>
      </View>
    </View>
  );
}

function Meta({ document, layout }: { document: TicketDocument; layout: Layout }) {
  return (
    <View style={[styles.meta, layout.row]}>
      <Field layout={layout} label={document.labels.status}>
        <Words layout={layout} style={[styles.value, styles.strong]}>
          {document.booking.status}
        </Words>
      </Field>
      <Field layout={layout} label={document.labels.issuedAt}>
        <Words layout={layout} style={styles.value}>
          {document.booking.issuedAt}
        </Words>
      </Field>
    </View>
  );
}

/** One item's box (a flight leg, a train…): its kind, operator and code, the two ends, and the module's further lines. */
function Item({ document, layout, leg }: { document: TicketDocument; layout: Layout; leg: TicketDocument["items"][number] }) {
  const { labels } = document;
  const accent: Style = layout.rtl
    ? { borderRightWidth: 3, borderRightColor: layout.brand }
    : { borderLeftWidth: 3, borderLeftColor: layout.brand };
  return (
    <View style={[styles.leg, accent]} wrap={false}>
      <View style={[styles.legHead, layout.row]}>
        <View style={[layout.row, { gap: 6, alignItems: "center" }]}>
          <Words layout={layout} style={styles.label}>
            {leg.kind}
          </Words>
          <Words layout={layout} style={[styles.value, styles.strong]}>
            {leg.operator}
          </Words>
          <Code layout={layout} style={[styles.value, styles.strong]}>
            {leg.code}
          </Code>
        </View>
        <View style={[layout.row, { gap: 6, alignItems: "center" }]}>
          <Words layout={layout} style={styles.label}>
            {labels.pnr}
          </Words>
          <Code layout={layout} style={[styles.value, styles.strong, { letterSpacing: 0.6 }]}>
            {leg.pnr}
          </Code>
        </View>
      </View>
      <View style={[styles.legBody, layout.row]}>
        <View style={{ flex: 1.35 }}>
          <Field layout={layout} label={labels.from}>
            <Words layout={layout} style={styles.city}>
              {leg.from}
            </Words>
          </Field>
          <Field layout={layout} label={labels.departure} style={{ marginTop: 3 }}>
            <Words layout={layout} style={styles.value}>
              {leg.departure}
            </Words>
          </Field>
        </View>
        <RouteArrow layout={layout} />
        <View style={{ flex: 1.35 }}>
          <Field layout={layout} label={labels.to}>
            <Words layout={layout} style={styles.city}>
              {leg.to}
            </Words>
          </Field>
          <Field layout={layout} label={labels.arrival} style={{ marginTop: 3 }}>
            <Words layout={layout} style={styles.value}>
              {leg.arrival}
            </Words>
          </Field>
        </View>
        <View style={{ flex: 1 }}>
          {leg.details.map((detail, index) => (
            <Field key={index} layout={layout} label={detail.label} style={index > 0 ? { marginTop: 3 } : undefined}>
              <Words layout={layout} style={styles.value}>
                {detail.value}
              </Words>
            </Field>
          ))}
        </View>
      </View>
    </View>
  );
}

const COLUMNS = { name: 2.1, type: 0.9, identity: 2.1, tickets: 2.5 };

function Passengers({ document, layout }: { document: TicketDocument; layout: Layout }) {
  const { labels } = document;
  const manyItems = document.itemCodes.length > 1;
  const head = (flex: number, text: string) => (
    <View style={[styles.cell, { flex }]}>
      <Words layout={layout} style={styles.headCell}>
        {text}
      </Words>
    </View>
  );
  return (
    <View style={{ marginTop: 14 }}>
      <View style={styles.table}>
        <View style={[styles.tableHead, layout.row]} wrap={false}>
          {head(COLUMNS.name, labels.passenger)}
          {head(COLUMNS.type, labels.type)}
          {head(COLUMNS.identity, labels.identity)}
          {head(COLUMNS.tickets, labels.ticketNumber)}
        </View>
        {document.passengers.map((passenger, index) => (
          <View key={index} style={[styles.tableRow, layout.row]} wrap={false}>
            <View style={[styles.cell, { flex: COLUMNS.name }]}>
              <Words layout={layout} style={[styles.value, styles.strong]}>
                {passenger.name}
              </Words>
              {passenger.latinName ? (
                <Code layout={layout} style={[styles.label, { letterSpacing: 0.3 }]}>
                  {passenger.latinName}
                </Code>
              ) : null}
            </View>
            <View style={[styles.cell, { flex: COLUMNS.type }]}>
              <Words layout={layout} style={styles.value}>
                {passenger.type}
              </Words>
            </View>
            <View style={[styles.cell, { flex: COLUMNS.identity }]}>
              <Words layout={layout} style={styles.value}>
                {passenger.identity ?? "—"}
              </Words>
            </View>
            <View style={[styles.cell, { flex: COLUMNS.tickets }]}>
              {passenger.ticketNumbers.map((ticket, leg) => (
                <View key={leg} style={[layout.row, { gap: 6, alignItems: "center" }]}>
                  {manyItems && document.itemCodes[leg] ? (
                    <Code layout={layout} style={[styles.label, { width: 34 }]}>
                      {document.itemCodes[leg]}
                    </Code>
                  ) : null}
                  <Code layout={layout} style={[styles.value, { letterSpacing: 0.2 }]}>
                    {ticket}
                  </Code>
                </View>
              ))}
            </View>
          </View>
        ))}
      </View>
    </View>
  );
}

function Price({ document, layout }: { document: TicketDocument; layout: Layout }) {
  const { labels, price } = document;
  const line = (label: string, value: string) => (
    <View style={[styles.priceLine, layout.row]}>
      <Words layout={layout} style={styles.value}>
        {label}
      </Words>
      <Words layout={layout} align="end" style={styles.value}>
        {value}
      </Words>
    </View>
  );
  return (
    <View style={styles.priceBox} wrap={false}>
      {line(labels.fare, price.fare)}
      {line(labels.taxes, price.taxes)}
      {price.discount ? line(labels.discount, price.discount) : null}
      <View style={[styles.totalLine, layout.row, { borderColor: layout.brand }]}>
        <Words layout={layout} style={styles.total}>
          {labels.total}
        </Words>
        <Words layout={layout} align="end" style={styles.total}>
          {price.total}
        </Words>
      </View>
      {document.payment ? (
        <Field layout={layout} label={labels.paidBy} style={{ marginTop: 6 }}>
          <Words layout={layout} style={styles.value}>
            {document.payment}
          </Words>
        </Field>
      ) : null}
      {document.company ? (
        // The official invoice's buyer: the company's name, then its ids as codes.
        <Field layout={layout} label={labels.company} style={{ marginTop: 6 }}>
          <Words layout={layout} style={styles.value}>
            {document.company.name}
          </Words>
          <View style={layout.row}>
            <Words layout={layout} style={styles.label}>
              {`${labels.companyNationalId}: `}
            </Words>
            <Code layout={layout} style={styles.value}>
              {document.company.nationalId}
            </Code>
          </View>
          <View style={layout.row}>
            <Words layout={layout} style={styles.label}>
              {`${labels.economicCode}: `}
            </Words>
            <Code layout={layout} style={styles.value}>
              {document.company.economicCode}
            </Code>
          </View>
        </Field>
      ) : null}
    </View>
  );
}

function Notes({ document, layout }: { document: TicketDocument; layout: Layout }) {
  if (document.notes.length === 0) return null;
  return (
    <View>
      <Words layout={layout} style={[styles.sectionTitle, { marginTop: 0 }]}>
        {document.labels.notes}
      </Words>
      {document.notes.map((note, index) => (
        <View key={index} style={[styles.note, layout.row]} wrap={false}>
          <View style={[styles.bullet, { backgroundColor: layout.brand }]} />
          <Words layout={layout} style={[styles.value, { flex: 1, fontSize: 8.5 }]}>
            {note}
          </Words>
        </View>
      ))}
    </View>
  );
}

function Footer({ document, layout }: { document: TicketDocument; layout: Layout }) {
  const { tenant } = document;
  return (
    <View style={[styles.footer, layout.row]} fixed>
      {tenant.supportPhone ? (
        <View style={[layout.row, { gap: 6, alignItems: "center" }]}>
          <Words layout={layout} style={styles.label}>
            {document.labels.support}
          </Words>
          <Code layout={layout} style={[styles.value, styles.strong]}>
            {tenant.supportPhone}
          </Code>
        </View>
      ) : (
        <View />
      )}
      <Code layout={layout} align="end" style={styles.value}>
        {tenant.website}
      </Code>
    </View>
  );
}

function TicketPdf({ document, logo }: { document: TicketDocument; logo: ParsedLogo | null }) {
  const layout = layoutOf(document);
  return (
    <Document
      title={`${document.labels.title} ${document.booking.reference}`}
      author={document.tenant.name}
      creator={document.tenant.name}
      producer={document.tenant.name}
      language={document.locale}
    >
      <Page size="A4" orientation="portrait" style={styles.page}>
        <Header document={document} layout={layout} logo={logo} />
        <Meta document={document} layout={layout} />
        {document.items.map((leg, index) => (
          <Item key={index} document={document} layout={layout} leg={leg} />
        ))}
        <Passengers document={document} layout={layout} />
        <View style={[styles.bottom, layout.row]}>
          <View style={{ flex: 1 }}>
            <Price document={document} layout={layout} />
          </View>
          <View style={{ flex: 1.25 }}>
            <Notes document={document} layout={layout} />
          </View>
        </View>
        <Footer document={document} layout={layout} />
      </Page>
    </Document>
  );
}

/**
 * The e-ticket as PDF bytes. A logo that react-pdf's primitives cannot draw (or that fails while
 * drawing) is left out and the header shows the tenant's name alone.
 */
export async function renderTicketPdf(document: TicketDocument): Promise<Buffer> {
  await loadFonts();
  const logo = document.tenant.logoSvg ? parseLogoSvg(document.tenant.logoSvg) : null;
  try {
    return await renderToBuffer(<TicketPdf document={document} logo={logo} />);
  } catch (error) {
    if (!logo) throw error;
    return renderToBuffer(<TicketPdf document={document} logo={null} />);
  }
}
