import { createRoot } from "react-dom/client";
import { AdminApp } from "./AdminApp.tsx";

const root = document.getElementById("admin-root");
if (root) createRoot(root).render(<AdminApp page={root.dataset.page ?? ""} />);
