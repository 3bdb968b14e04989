/**
 * The official invoice PDF (issue 23 §1): one A4 page in the invoice's language, laid out with
 * @react-pdf/renderer in Vazirmatn like the e-ticket. Everything in the view is already
 * translated, in toman and in the language's digits; this file only lays it out. Right-to-left
 * pages mirror every row; codes (the tax id, economic codes, references) sit in a Text of their
 * own, left to right.
 */
import { Document, Page, Text, View, renderToBuffer, type Styles } from "@react-pdf/renderer";
import type { LabelledValue, OfficialInvoiceView } from "#core/tax/invoice-view.ts";
import { holdCodesLeftToRight, strictlyLeftToRight } from "./bidi.ts";
import { FONT_FAMILY, loadFonts } from "./fonts.ts";

type Style = Styles[string];

/** A value with no Arabic-script letter (a Latin company name) reads left to right as a whole, its punctuation included. */
const ARABIC_SCRIPT = /[\u0600-\u06FF]/u;

const INK = "#1F2937";
const MUTED = "#6B7280";
const RULE = "#D1D5DB";
const TINT = "#F3F4F6";

const styles = {
  page: { fontFamily: FONT_FAMILY, fontSize: 9, color: INK, paddingVertical: 32, paddingHorizontal: 32 },
  seller: { fontSize: 14, fontWeight: 700 },
  heading: { fontSize: 12, fontWeight: 700, marginTop: 2 },
  muted: { color: MUTED, fontSize: 8 },
  box: { borderWidth: 1, borderColor: RULE, borderRadius: 4, padding: 8, marginTop: 8 },
  boxTitle: { fontSize: 10, fontWeight: 700, marginBottom: 4 },
  pair: { justifyContent: "space-between", paddingVertical: 1.5, gap: 8 },
  table: { borderWidth: 1, borderColor: RULE, borderRadius: 4, marginTop: 8 },
  head: { backgroundColor: TINT },
  row: { borderTopWidth: 1, borderColor: RULE },
  cell: { paddingVertical: 4, paddingHorizontal: 4 },
  wide: { width: "28%" },
  narrow: { width: "14.4%" },
  total: { fontWeight: 700 },
} satisfies Styles;

interface Layout {
  rtl: boolean;
  row: Style;
  start: Style;
  end: Style;
}

function Words({ layout, children, style, end }: { layout: Layout; children: string; style?: Style; end?: boolean }) {
  return (
    <Text style={[{ direction: layout.rtl ? "rtl" : "ltr", lineHeight: 1.45 }, end ? layout.end : layout.start, ...(style ? [style] : [])]}>
      {layout.rtl ? holdCodesLeftToRight(children) : children}
    </Text>
  );
}

function Code({ layout, children, style, end }: { layout: Layout; children: string; style?: Style; end?: boolean }) {
  return (
    <Text style={[{ direction: "ltr", lineHeight: 1.45 }, end ? layout.end : layout.start, ...(style ? [style] : [])]}>
      {strictlyLeftToRight(children)}
    </Text>
  );
}

function Pairs({ layout, title, pairs }: { layout: Layout; title: string | null; pairs: LabelledValue[] }) {
  return (
    <View style={styles.box}>
      {title ? (
        <Words layout={layout} style={styles.boxTitle}>
          {title}
        </Words>
      ) : null}
      {pairs.map((pair, index) => (
        <View key={index} style={[layout.row, styles.pair]}>
          <Words layout={layout} style={styles.muted}>
            {pair.label}
          </Words>
          {pair.ltr || !ARABIC_SCRIPT.test(pair.value) ? (
            <Code layout={layout} end>
              {pair.value}
            </Code>
          ) : (
            <Words layout={layout} end>
              {pair.value}
            </Words>
          )}
        </View>
      ))}
    </View>
  );
}

function InvoicePdf({ view, seller }: { view: OfficialInvoiceView; seller: string }) {
  const rtl = view.locale !== "en";
  const layout: Layout = {
    rtl,
    row: { flexDirection: rtl ? "row-reverse" : "row" },
    start: { textAlign: rtl ? "right" : "left" },
    end: { textAlign: rtl ? "left" : "right" },
  };
  const columns = ["description", "amount", "discount", "taxable", "vat", "total"] as const;
  const cell = (key: (typeof columns)[number]) => [styles.cell, key === "description" ? styles.wide : styles.narrow];
  return (
    <Document title={`${view.heading} ${view.taxId}`} language={view.locale}>
      <Page size="A4" style={styles.page}>
        <Words layout={layout} style={styles.seller}>
          {seller}
        </Words>
        <Words layout={layout} style={styles.heading}>
          {view.heading}
        </Words>
        <Words layout={layout} style={styles.muted}>
          {view.typeText}
        </Words>
        <Pairs layout={layout} title={null} pairs={[...view.facts, { label: view.labels.status, value: view.statusText, ltr: false }]} />
        <View style={[layout.row, { gap: 8 }]}>
          <View style={{ flex: 1 }}>
            <Pairs layout={layout} title={view.labels.seller} pairs={view.seller} />
          </View>
          <View style={{ flex: 1 }}>
            <Pairs layout={layout} title={view.labels.buyer} pairs={view.buyer} />
          </View>
        </View>
        <View style={styles.table}>
          <View style={[layout.row, styles.head]}>
            {columns.map((key) => (
              <View key={key} style={cell(key)}>
                <Words layout={layout} style={styles.muted}>
                  {view.columns[key]}
                </Words>
              </View>
            ))}
          </View>
          {view.lines.map((line, index) => (
            <View key={index} style={[layout.row, styles.row]}>
              {columns.map((key) => (
                <View key={key} style={cell(key)}>
                  {key === "description" ? <Code layout={layout}>{line[key]}</Code> : <Words layout={layout}>{line[key]}</Words>}
                </View>
              ))}
            </View>
          ))}
          <View style={[layout.row, styles.row, styles.head]}>
            {columns.map((key) => (
              <View key={key} style={cell(key)}>
                <Words layout={layout} style={styles.total}>
                  {key === "description" ? view.labels.totals : view.totals[key]}
                </Words>
              </View>
            ))}
          </View>
        </View>
        {view.payment.length > 0 ? <Pairs layout={layout} title={view.labels.payment} pairs={view.payment} /> : null}
        {view.refundText ? (
          <View style={styles.box}>
            <Words layout={layout}>{view.refundText}</Words>
          </View>
        ) : null}
        <View style={{ marginTop: 8 }}>
          <Words layout={layout} style={styles.muted}>
            {view.note}
          </Words>
        </View>
      </Page>
    </Document>
  );
}

export async function renderTaxInvoicePdf(view: OfficialInvoiceView, seller: string): Promise<Buffer> {
  await loadFonts();
  return renderToBuffer(<InvoicePdf view={view} seller={seller} />);
}
