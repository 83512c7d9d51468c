/**
 * The invoice request's fields (components/invoice-request-fields.tsx), enhanced: only the fields
 * the chosen buyer type and country ask for are shown (`data-shown-for` names them: "invoice" once
 * a buyer type is chosen, "business", "consumer", "IT"). Without this script every field shows, and
 * the server reads only those that apply.
 */
export function enhanceInvoiceFields(root: ParentNode) {
  for (const fields of root.querySelectorAll<HTMLElement>("[data-invoice-fields]")) {
    const country = fields.querySelector<HTMLSelectElement>('select[name="country"]')!;
    const radios = [...fields.querySelectorAll<HTMLInputElement>('input[name="buyerType"]')];
    const show = () => {
      const buyerType = radios.find((radio) => radio.checked)?.value ?? "";
      const facts = new Set([buyerType, buyerType ? "invoice" : "", country.value].filter(Boolean));
      for (const field of fields.querySelectorAll<HTMLElement>("[data-shown-for]"))
        field.hidden = !field.dataset.shownFor!.split(" ").every((fact) => facts.has(fact));
    };
    fields.addEventListener("change", show);
    show();
  }
}
