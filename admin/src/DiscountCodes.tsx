// The Discount Codes admin card of /settings (admin-tools.md "Discount Codes admin card", §3-§5,
// §7-§9): the list, and Create, Edit and Delete dialogs checked with the API's own schema.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { DISCOUNT_CODE_DEFAULTS, discountCodeSchema, generateDiscountCode } from "../../shared/schemas.ts";
import { FREE_CREDIT_CAP_DEFAULT } from "../../shared/constants.ts";
import { formatDate, formatPence } from "../../shared/format.ts";
import { ApiError, call } from "./api.ts";
import { Dialog } from "./Dialog.tsx";
import { Field as FormField, inputClass, PencilIcon, PlusIcon, TrashIcon } from "./ui.tsx";

/** A discount code as GET /api/admin/discount-codes lists it. */
export interface DiscountCode {
  id: number;
  code: string;
  discountPercentage: number;
  amountOffPence: number | null;
  maxUses: number;
  usesCount: number;
  isActive: boolean;
  expiresAt: string | null;
  description: string | null;
  /** Credits one use gives at most when the code makes the purchase free. */
  freeCreditCap: number;
  createdAt: string;
}

type Action = "create" | "update" | "delete";
interface Notice {
  title: string;
  text: string;
}
type Open = { kind: "create" } | { kind: "edit"; code: DiscountCode } | { kind: "delete"; code: DiscountCode } | null;

const ENDPOINT = "/api/admin/discount-codes";
const LOAD_FAILED = "Failed to load discount codes. Please try refreshing the page.";
const EMPTY = "No discount codes found. Create one to get started.";

/** §8: 'Error' with the server's message, or 'Failed to {action} discount code' when there is none. */
function failure(action: Action, err: unknown): Notice {
  return { title: "Error", text: err instanceof ApiError && err.message ? err.message : `Failed to ${action} discount code` };
}

const pad = (n: number) => String(n).padStart(2, "0");
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The date `days` ahead of today, as a date input wants it. */
function daysAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return localDate(d);
}

/** A stored expiry as a date input's value ('' for none). */
function toDateInput(value: string | null): string {
  if (!value) return "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : localDate(d);
}

const isExpired = (code: DiscountCode) => Boolean(code.expiresAt) && new Date(code.expiresAt!).getTime() <= Date.now();

export function DiscountCodes() {
  const [codes, setCodes] = useState<DiscountCode[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    call<DiscountCode[]>(ENDPOINT)
      .then(setCodes)
      .catch(() => setLoadFailed(true));
  }, []);

  function show(next: Open) {
    setNotice(null);
    setOpen(next);
  }

  function saved(row: DiscountCode, action: "create" | "update") {
    setCodes((list) => (action === "create" ? [row, ...(list ?? [])] : (list ?? []).map((c) => (c.id === row.id ? row : c))));
    setOpen(null);
    setNotice({ title: `Discount code ${action === "create" ? "created" : "updated"} successfully`, text: `${row.code}: ${describe(row)}.` });
  }

  function deleted(row: DiscountCode) {
    setCodes((list) => (list ?? []).filter((c) => c.id !== row.id));
    setOpen(null);
    setNotice({ title: "Discount code deleted successfully", text: `${row.code} can no longer be used.` });
  }

  return (
    <section className="card" aria-labelledby={titleId} data-testid="discount-codes">
      <div className="flex flex-col gap-4 px-6 pt-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold">Discount Codes</h3>
          <p className="mt-1 text-sm text-slate-600">Codes that buyers enter on the pricing page for a percentage off their credits.</p>
        </div>
        <button ref={createButton} type="button" className="btn-primary self-start" onClick={() => show({ kind: "create" })}>
          <PlusIcon /> Create Code
        </button>
      </div>

      <div role="status" aria-live="polite" aria-atomic="true" className="px-6 empty:hidden">
        {notice && (
          <div className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            <p className="font-semibold">{notice.title}</p>
            <p>{notice.text}</p>
          </div>
        )}
      </div>

      <div className="mt-4 pb-2">
        {loadFailed ? (
          <p role="alert" className="mx-6 mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">{LOAD_FAILED}</p>
        ) : !codes ? (
          <p className="px-6 pb-4 text-sm text-slate-600">Loading discount codes...</p>
        ) : codes.length === 0 ? (
          <p className="mx-6 mb-4 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">{EMPTY}</p>
        ) : (
          <CodesTable codes={codes} onEdit={(code) => show({ kind: "edit", code })} onDelete={(code) => show({ kind: "delete", code })} />
        )}
      </div>

      {open?.kind === "create" && <CodeForm onClose={() => setOpen(null)} onSaved={(row) => saved(row, "create")} fallbackFocus={() => createButton.current} />}
      {open?.kind === "edit" && (
        <CodeForm existing={open.code} onClose={() => setOpen(null)} onSaved={(row) => saved(row, "update")} fallbackFocus={() => createButton.current} />
      )}
      {open?.kind === "delete" && (
        <DeleteDialog code={open.code} onClose={() => setOpen(null)} onDeleted={() => deleted(open.code)} fallbackFocus={() => createButton.current} />
      )}
    </section>
  );
}

/** '10% off, 3 / 10 uses' (with any fixed amount after the percentage). */
function describe(code: DiscountCode): string {
  return `${discountText(code)} off, ${code.usesCount} / ${code.maxUses} uses, ${code.isActive ? "active" : "inactive"}`;
}

function discountText(code: DiscountCode): string {
  return `${code.discountPercentage}%${code.amountOffPence ? ` + ${formatPence(code.amountOffPence)}` : ""}`;
}

/** The list: a table from 640 px; below that each row stacks into a small card (same table semantics). */
function CodesTable({ codes, onEdit, onDelete }: { codes: DiscountCode[]; onEdit: (c: DiscountCode) => void; onDelete: (c: DiscountCode) => void }) {
  const th = "px-4 py-2 font-semibold first:pl-6 last:pl-2 last:pr-6";
  const td = "max-sm:block sm:px-4 sm:py-3 sm:align-top sm:first:pl-6 sm:last:pl-2 sm:last:pr-6";
  // Below 640 px the column's name shows above its value.
  const labelled = "max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]">
        <caption className="sr-only">Discount codes</caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-slate-700 max-sm:sr-only">
          <tr>
            <th scope="col" className={th}>Code</th>
            <th scope="col" className={th}>Discount</th>
            <th scope="col" className={th}>Usage</th>
            <th scope="col" className={th}>Expires</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={`${th} text-right`}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block max-sm:border-t max-sm:border-slate-200">
          {codes.map((c) => (
            <tr key={c.id} data-testid="discount-code-row" className="max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-3 max-sm:px-6 max-sm:py-4">
              <td className={`${td} max-sm:order-1 max-sm:col-span-2`}>
                <span className="whitespace-nowrap font-mono font-semibold">{c.code}</span>
                {c.description && <span className="mt-0.5 block max-w-[16rem] text-xs text-slate-600">{c.description}</span>}
              </td>
              <td className={`${td} ${labelled} max-sm:order-3`} data-label="Discount">
                {discountText(c)}
                {c.discountPercentage === 100 && <span className="block text-xs text-slate-600">Free: up to {c.freeCreditCap} credits a use</span>}
              </td>
              <td className={`${td} ${labelled} whitespace-nowrap max-sm:order-4`} data-label="Usage">{c.usesCount} / {c.maxUses}</td>
              <td className={`${td} ${labelled} whitespace-nowrap max-sm:order-5`} data-label="Expires">
                {c.expiresAt ? formatDate(c.expiresAt) : "Never"}
                {isExpired(c) && <span className="block text-xs font-medium text-red-700">Expired</span>}
              </td>
              <td className={`${td} max-sm:order-2 max-sm:text-right`}>
                <span className={`badge ${c.isActive ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}>{c.isActive ? "Active" : "Inactive"}</span>
              </td>
              <td className={`${td} whitespace-nowrap text-right max-sm:order-6 max-sm:col-span-3 max-sm:-mb-1.5`}>
                <button type="button" className="btn-ghost -my-1.5 px-2.5 py-1.5" onClick={() => onEdit(c)}>
                  <PencilIcon /> Edit<span className="sr-only"> {c.code}</span>
                </button>
                <button type="button" className="btn-ghost -my-1.5 px-2.5 py-1.5 text-red-700 hover:bg-red-50" onClick={() => onDelete(c)}>
                  <TrashIcon /> Delete<span className="sr-only"> {c.code}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface FormValues {
  code: string;
  discountPercentage: string;
  maxUses: string;
  freeCreditCap: string;
  isActive: boolean;
  expiresAt: string;
  description: string;
}
const FIELD_ORDER = ["code", "discountPercentage", "maxUses", "freeCreditCap", "expiresAt", "description"] as const;

/** The Create and Edit dialogs: the code is locked once created (§4). */
function CodeForm({ existing, onClose, onSaved, fallbackFocus }: {
  existing?: DiscountCode;
  onClose: () => void;
  onSaved: (row: DiscountCode) => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const editing = Boolean(existing);
  const [values, setValues] = useState<FormValues>(() =>
    existing
      ? {
        code: existing.code,
        discountPercentage: String(existing.discountPercentage),
        maxUses: String(existing.maxUses),
        freeCreditCap: String(existing.freeCreditCap),
        isActive: existing.isActive,
        expiresAt: toDateInput(existing.expiresAt),
        description: existing.description ?? "",
      }
      : {
        code: "",
        discountPercentage: String(DISCOUNT_CODE_DEFAULTS.discountPercentage),
        maxUses: String(DISCOUNT_CODE_DEFAULTS.maxUses),
        freeCreditCap: String(FREE_CREDIT_CAP_DEFAULT),
        isActive: true,
        expiresAt: daysAhead(DISCOUNT_CODE_DEFAULTS.expiryDays),
        description: "",
      }
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const firstField = useRef<HTMLInputElement>(null);
  const action: Action = editing ? "update" : "create";

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  function focusFirstError(found: Record<string, string>) {
    const name = FIELD_ORDER.find((f) => found[f]);
    if (name) document.getElementById(fieldId(name))?.focus();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    // Empty optional fields are sent as absent (§5); an edit keeps any fixed amount off the form does not show.
    const parsed = discountCodeSchema.safeParse({
      code: values.code,
      discountPercentage: values.discountPercentage,
      maxUses: values.maxUses,
      freeCreditCap: values.freeCreditCap,
      isActive: values.isActive,
      expiresAt: values.expiresAt || undefined,
      description: values.description.trim() || undefined,
      amountOffPence: existing?.amountOffPence ?? undefined,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const row = existing
        ? await call<DiscountCode>(`${ENDPOINT}/${existing.id}`, parsed.data, "PUT")
        : await call<DiscountCode>(ENDPOINT, parsed.data);
      onSaved(row);
    } catch (err) {
      setBusy(false);
      const fieldErrors = err instanceof ApiError ? err.errors : {};
      setErrors(fieldErrors);
      setProblem(failure(action, err));
      focusFirstError(fieldErrors);
    }
  }

  return (
    <Dialog
      title={editing ? "Edit Discount Code" : "Create Discount Code"}
      description={editing ? "The code itself cannot be changed once it has been created." : "Buyers enter the code on the pricing page for a percentage off their credits."}
      onClose={onClose}
      initialFocus={editing ? undefined : firstField}
      fallbackFocus={fallbackFocus}
      busy={busy}
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        <FormField id={fieldId("code")} label="Code" error={errors.code} hint={editing ? "Locked after creation." : "3 to 20 characters, or Generate one."}>
          {(describedBy) => (
            <div className="mt-1 flex gap-2">
              <input
                ref={firstField}
                id={fieldId("code")}
                name="code"
                value={values.code}
                onChange={(e) => set("code", e.target.value.toUpperCase())}
                readOnly={editing}
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={describedBy}
                className={`${inputClass(errors.code)} mt-0 font-mono uppercase read-only:bg-slate-100 read-only:text-slate-700`}
              />
              {!editing && (
                <button type="button" className="btn-outline shrink-0" onClick={() => set("code", generateDiscountCode())}>
                  Generate
                </button>
              )}
            </div>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId("discountPercentage")} label="Discount (%)" error={errors.discountPercentage}>
            {(describedBy) => (
              <input
                id={fieldId("discountPercentage")}
                name="discountPercentage"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={values.discountPercentage}
                onChange={(e) => set("discountPercentage", e.target.value)}
                aria-invalid={errors.discountPercentage ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass(errors.discountPercentage)}
              />
            )}
          </FormField>
          <FormField id={fieldId("maxUses")} label="Maximum uses" error={errors.maxUses}>
            {(describedBy) => (
              <input
                id={fieldId("maxUses")}
                name="maxUses"
                type="number"
                inputMode="numeric"
                min={1}
                value={values.maxUses}
                onChange={(e) => set("maxUses", e.target.value)}
                aria-invalid={errors.maxUses ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass(errors.maxUses)}
              />
            )}
          </FormField>
        </div>
        <FormField
          id={fieldId("freeCreditCap")}
          label="Free credits per use"
          error={errors.freeCreditCap}
          hint="When the code makes a purchase free (100% off, or a fixed amount that covers the price), one use gives at most this many credits. Each account can use a code once."
        >
          {(describedBy) => (
            <input
              id={fieldId("freeCreditCap")}
              name="freeCreditCap"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={values.freeCreditCap}
              onChange={(e) => set("freeCreditCap", e.target.value)}
              aria-invalid={errors.freeCreditCap ? true : undefined}
              aria-describedby={describedBy}
              className={`${inputClass(errors.freeCreditCap)} sm:max-w-[calc(50%-0.5rem)]`}
            />
          )}
        </FormField>
        <FormField id={fieldId("expiresAt")} label="Expiry date (optional)" error={errors.expiresAt} hint="Leave empty for a code that never expires.">
          {(describedBy) => (
            <input
              id={fieldId("expiresAt")}
              name="expiresAt"
              type="date"
              value={values.expiresAt}
              onChange={(e) => set("expiresAt", e.target.value)}
              aria-invalid={errors.expiresAt ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass(errors.expiresAt)}
            />
          )}
        </FormField>
        <FormField id={fieldId("description")} label="Description (optional)" error={errors.description}>
          {(describedBy) => (
            <input
              id={fieldId("description")}
              name="description"
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
              maxLength={200}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass(errors.description)}
            />
          )}
        </FormField>
        <label className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-3 py-2.5">
          <span>
            <span className="block text-sm font-medium text-slate-800">Active</span>
            <span className="block text-xs text-slate-600">Only active codes can be used.</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            name="isActive"
            checked={values.isActive}
            onChange={(e) => set("isActive", e.target.checked)}
            className="h-5 w-5 shrink-0 accent-brand-600"
          />
        </label>
        {problem && <ProblemAlert notice={problem} />}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className="btn-outline aria-disabled:cursor-not-allowed aria-disabled:opacity-60" onClick={() => busy || onClose()} aria-disabled={busy}>Cancel</button>
          <button type="submit" className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60" aria-disabled={busy}>{busy ? "Saving..." : editing ? "Save Changes" : "Create Code"}</button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ code, onClose, onDeleted, fallbackFocus }: { code: DiscountCode; onClose: () => void; onDeleted: () => void; fallbackFocus: () => HTMLElement | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Notice | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  async function remove() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await call(`${ENDPOINT}/${code.id}`, undefined, "DELETE");
      onDeleted();
    } catch (err) {
      setBusy(false);
      setProblem(failure("delete", err));
    }
  }

  return (
    <Dialog
      title="Delete Discount Code"
      description={<>Delete <strong className="font-mono">{code.code}</strong>? Buyers will no longer be able to use it. This cannot be undone.</>}
      onClose={onClose}
      initialFocus={cancel}
      fallbackFocus={fallbackFocus}
      busy={busy}
    >
      {problem && <ProblemAlert notice={problem} />}
      <div className="flex flex-wrap justify-end gap-2">
        <button ref={cancel} type="button" className="btn-outline aria-disabled:cursor-not-allowed aria-disabled:opacity-60" onClick={() => busy || onClose()} aria-disabled={busy}>Cancel</button>
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-60" onClick={remove} aria-disabled={busy}>
          {busy ? "Deleting..." : "Delete Code"}
        </button>
      </div>
    </Dialog>
  );
}

function ProblemAlert({ notice }: { notice: Notice }) {
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">{notice.title}</p>
      <p>{notice.text}</p>
    </div>
  );
}
