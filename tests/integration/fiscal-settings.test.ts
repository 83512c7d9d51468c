import { afterAll, describe, expect, it } from "vitest";
import {
  readFiscalSettings,
  saveFiscalSettings,
  storedFiscalSettings,
} from "#app/lib/books/fiscal-settings.server.ts";
import { setSetting } from "#app/lib/settings.server.ts";
import { testBackends } from "../setup/databases.ts";
import { TEST_SELLER } from "../setup/seller.ts";

const COMPLETE = storedFiscalSettings.parse({
  regime: "forfettario",
  codiceFiscale: "RSSMRA85T10A562S",
  street: "Via Roma 1",
  postcode: "20121",
  city: "Milano",
  province: "MI",
});

for (const backend of testBackends()) {
  describe(`the seller's fiscal settings on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("say everything an invoice still needs on a new store, in Italian, and name no seller", async () => {
      const database = await backend.open();
      const settings = await readFiscalSettings(database.db, {});
      expect(settings.seller).toBeNull();
      expect(settings.missing).toEqual([
        "Manca la ragione sociale del venditore (SELLER_NAME).",
        "Manca la partita IVA del venditore (SELLER_VAT_ID).",
        "Manca il regime IVA (ordinario o forfettario).",
        "Manca l'indirizzo della sede (via, comune).",
        "Manca il CAP della sede (5 cifre).",
        "Manca la provincia della sede (2 lettere, per esempio MI).",
      ]);
      expect(settings.series).toBe("FT");
      expect(settings.requestDays).toBe(10);
      expect(settings.books).toEqual({
        euConsumerSalesAboveThreshold: true,
        flatRateForeignBusinessNatura: "N2.1",
      });
      await database.close();
    });

    it("name the seller as the footer does once the owner saved the rest", async () => {
      const database = await backend.open();
      await saveFiscalSettings(database.db, COMPLETE);
      const settings = await readFiscalSettings(database.db, TEST_SELLER);
      expect(settings.missing).toEqual([]);
      expect(settings.seller).toEqual({
        regime: "forfettario",
        partitaIva: TEST_SELLER.SELLER_VAT_ID.replace(/^IT/, ""),
        codiceFiscale: "RSSMRA85T10A562S",
        name: { company: TEST_SELLER.SELLER_NAME },
        address: { street: "Via Roma 1", postcode: "20121", city: "Milano", province: "MI", country: "IT" },
      });
      await database.close();
    });

    it("refuse a codice fiscale with a wrong check letter and a series that cannot be printed", async () => {
      const database = await backend.open();
      await setSetting(
        database.db,
        "books",
        JSON.stringify({ ...COMPLETE, codiceFiscale: "RSSMRA85T10A562X", series: "ft/1" }),
      );
      const settings = await readFiscalSettings(database.db, TEST_SELLER);
      expect(settings.seller).toBeNull();
      expect(settings.missing).toEqual([
        "Il codice fiscale del venditore non è valido.",
        "Il sezionale delle fatture è fatto di lettere maiuscole e cifre (al massimo 10).",
      ]);
      await database.close();
    });
  });
}
