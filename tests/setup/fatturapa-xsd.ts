/**
 * Validates FatturaPA XML against the official schema 1.2.2 (tests/fixtures/fatturapa/, as the
 * Agenzia delle Entrate publishes it) with xmllint compiled to WebAssembly, so no system package and
 * no network are needed. The schema imports the XML-signature schema from w3.org: that one import is
 * pointed at the copy beside it, in memory, and the file on disk stays as published.
 */
import { readFileSync } from "node:fs";
import { validateXML } from "xmllint-wasm";

const dir = "tests/fixtures/fatturapa";
const SCHEMA_FILE = "Schema_del_file_xml_FatturaPA_v1.2.2.xsd";
const SIGNATURE_FILE = "xmldsig-core-schema.xsd";
const W3C_LOCATION = "http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd";

function read(file: string): string {
  try {
    return readFileSync(`${dir}/${file}`, "utf8");
  } catch (error) {
    throw new Error(`The FatturaPA schema file ${dir}/${file} is missing: the XML cannot be checked.`, {
      cause: error,
    });
  }
}

function schemaFiles() {
  const schema = read(SCHEMA_FILE);
  if (!schema.includes(W3C_LOCATION))
    throw new Error(`${SCHEMA_FILE} no longer imports ${W3C_LOCATION}: update tests/setup/fatturapa-xsd.ts`);
  return {
    schema: { fileName: SCHEMA_FILE, contents: schema.replace(W3C_LOCATION, SIGNATURE_FILE) },
    preload: { fileName: SIGNATURE_FILE, contents: read(SIGNATURE_FILE) },
  };
}

/** The schema's complaints about `xml` (empty when it is valid). */
export async function fatturaPaSchemaErrors(xml: string, fileName = "invoice.xml"): Promise<string[]> {
  const { schema, preload } = schemaFiles();
  const result = await validateXML({ xml: { fileName, contents: xml }, schema, preload });
  return result.errors.map((error) => error.rawMessage);
}
