import { createContext } from "react-router";

/** The client's address as the Node server sees it (Express `req.ip`, honouring trusted proxies). */
export const clientIpContext = createContext<string | null>(null);
