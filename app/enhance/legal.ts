/**
 * The terms and privacy pages ship without React (ADR 008): this script (loaded by root.tsx
 * through the route's `handle.script`) adds the header menu, all they need.
 */
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";

markScripted();
enhanceMenu();
