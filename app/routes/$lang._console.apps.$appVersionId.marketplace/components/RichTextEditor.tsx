/**
 * The overview editor: a small rich-text editor that offers only what
 * the overview may hold: bold, Normal / Heading 1 / Heading 2, bulleted and numbered lists,
 * and undo. Loaded only on the marketplace page, in a chunk of its own (OverviewField
 * imports it lazily); without JavaScript the page has a textarea of the allowed HTML instead.
 *
 * Accessibility: the editing area is a labelled `role="textbox"` with `aria-multiline`; the
 * toolbar is a `role="toolbar"` of icon buttons named by `aria-label`, with one tab stop
 * (arrow keys, Home and End move between its buttons; Alt+F10 from the text goes to it,
 * Escape back); toggle buttons say their state with `aria-pressed` (of Normal, Heading 1
 * and Heading 2 the current block's is pressed) and their shortcuts with
 * `aria-keyshortcuts`. A tooltip with the name and the shortcut shows on hover and on
 * keyboard focus; it can be hovered, and Escape hides it. Shortcuts in the text:
 * Ctrl/Cmd+B bold, Ctrl/Cmd+Alt+0/1/2 normal, heading 1, heading 2, Ctrl/Cmd+Shift+8
 * bulleted list, Ctrl/Cmd+Shift+7 numbered list, Ctrl/Cmd+Z undo.
 *
 * The browser edits (contenteditable with execCommand, which keeps its own undo history);
 * after each change `serializeOverview` turns the content into the allowed HTML, which the
 * page keeps in a hidden field of the form. A paste keeps what the overview may hold: the
 * clipboard's HTML (from a word processor, Google Docs, a web page) is read in an inert
 * document and reduced by the same serializer before it is inserted, as one step the
 * browser's undo takes back; text without HTML comes in as text. The HTML the editor starts
 * from goes through the same serializer first, so only allowed tags ever reach the page.
 */
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/Icon";
import { overviewFromHtml, serializeOverview } from "~/lib/apps/overview";

export interface RichTextEditorProps {
  /** The id of the editing area (the field's id: the error summary links to it). */
  id: string;
  /** The id of the field's label. */
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  /** Allowed HTML to start from. */
  initialHtml: string;
  /** Called with the allowed HTML after every change. */
  onChange: (html: string) => void;
}

type Command = "bold" | "normal" | "h1" | "h2" | "ul" | "ol" | "undo";

interface ToolbarState {
  bold: boolean;
  block: "normal" | "h1" | "h2";
  ul: boolean;
  ol: boolean;
}

/** The buttons in their groups (inline, block format, lists, history). */
const GROUPS: { command: Command; icon: IconName; shortcut: string; toggle: boolean }[][] = [
  [{ command: "bold", icon: "bold", shortcut: "Control+B", toggle: true }],
  [
    { command: "normal", icon: "paragraph", shortcut: "Control+Alt+0", toggle: true },
    { command: "h1", icon: "heading-1", shortcut: "Control+Alt+1", toggle: true },
    { command: "h2", icon: "heading-2", shortcut: "Control+Alt+2", toggle: true },
  ],
  [
    { command: "ul", icon: "list-bullet", shortcut: "Control+Shift+8", toggle: true },
    { command: "ol", icon: "list-numbered", shortcut: "Control+Shift+7", toggle: true },
  ],
  [{ command: "undo", icon: "undo", shortcut: "Control+Z", toggle: false }],
];
/** The buttons in toolbar order (the arrow keys' order). */
const BUTTONS = GROUPS.flat();

/** A shortcut as the keyboard shows it: Ctrl+Alt+1, or ⌘⌥1 on a Mac. */
function shortcutLabel(shortcut: string, mac: boolean): string {
  const keys = shortcut.split("+");
  if (!mac) return keys.map((key) => (key === "Control" ? "Ctrl" : key)).join("+");
  const symbols: Record<string, string> = { Control: "⌘", Alt: "⌥", Shift: "⇧" };
  return keys.map((key) => symbols[key] ?? key).join("");
}

/** Inserts what was pasted: its HTML reduced to the overview's, else its text. */
function paste(event: ClipboardEvent<HTMLDivElement>) {
  event.preventDefault();
  const html = event.clipboardData.getData("text/html");
  const allowed = html ? overviewFromHtml(html) : "";
  if (allowed) document.execCommand("insertHTML", false, allowed);
  else document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
}

function pressed(state: ToolbarState, command: Command): boolean | undefined {
  switch (command) {
    case "bold":
      return state.bold;
    case "normal":
    case "h1":
    case "h2":
      return state.block === command;
    case "ul":
      return state.ul;
    case "ol":
      return state.ol;
    default:
      return undefined;
  }
}

export default function RichTextEditor({
  id,
  labelId,
  describedBy,
  invalid,
  initialHtml,
  onChange,
}: RichTextEditorProps) {
  const { t } = useTranslation("appEditor");
  const area = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [state, setState] = useState<ToolbarState>({
    bold: false,
    block: "normal",
    ul: false,
    ol: false,
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const [tipsHidden, setTipsHidden] = useState(false);
  const mac = useMemo(() => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is set once, on mount; later changes are the person's own
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.innerHTML = overviewFromHtml(initialHtml);
  }, []);

  const inEditor = useCallback(
    (node: Node | null) => Boolean(node && area.current?.contains(node)),
    [],
  );

  const readState = useCallback(() => {
    const selection = document.getSelection();
    if (!selection || !inEditor(selection.anchorNode)) return;
    const block = String(document.queryCommandValue("formatBlock") || "")
      .toLowerCase()
      .replace(/[<>]/g, "");
    setState({
      bold: document.queryCommandState("bold"),
      block: block === "h1" || block === "h2" ? block : "normal",
      ul: document.queryCommandState("insertUnorderedList"),
      ol: document.queryCommandState("insertOrderedList"),
    });
    if (selection.rangeCount > 0) savedRange.current = selection.getRangeAt(0).cloneRange();
  }, [inEditor]);

  useEffect(() => {
    document.addEventListener("selectionchange", readState);
    return () => document.removeEventListener("selectionchange", readState);
  }, [readState]);

  const changed = useCallback(() => {
    if (!area.current) return;
    onChange(serializeOverview(area.current));
    readState();
  }, [onChange, readState]);

  /** Runs a command on the text, with the selection the text had (the toolbar took focus). */
  const run = useCallback(
    (command: Command) => {
      const element = area.current;
      if (!element) return;
      element.focus();
      const selection = document.getSelection();
      if (selection && savedRange.current && !inEditor(selection.anchorNode)) {
        selection.removeAllRanges();
        selection.addRange(savedRange.current);
      }
      document.execCommand("defaultParagraphSeparator", false, "p");
      switch (command) {
        case "bold":
          document.execCommand("bold");
          break;
        case "normal":
          document.execCommand("formatBlock", false, "<p>");
          break;
        case "h1":
        case "h2":
          document.execCommand(
            "formatBlock",
            false,
            state.block === command ? "<p>" : `<${command}>`,
          );
          break;
        case "ul":
          document.execCommand("insertUnorderedList");
          break;
        case "ol":
          document.execCommand("insertOrderedList");
          break;
        case "undo":
          document.execCommand("undo");
          break;
      }
      changed();
    },
    [changed, inEditor, state.block],
  );

  const onAreaKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey && event.key === "F10") {
      event.preventDefault();
      toolbar.current?.querySelectorAll<HTMLButtonElement>("button")[focusIndex]?.focus();
      return;
    }
    const mod = event.ctrlKey || event.metaKey;
    if (!mod) return;
    const key = event.key.toLowerCase();
    let command: Command | undefined;
    if (!event.shiftKey && !event.altKey && key === "b") command = "bold";
    else if (event.altKey && (event.code === "Digit0" || key === "0")) command = "normal";
    else if (event.altKey && (event.code === "Digit1" || key === "1")) command = "h1";
    else if (event.altKey && (event.code === "Digit2" || key === "2")) command = "h2";
    else if (event.shiftKey && (event.code === "Digit8" || key === "8" || key === "*"))
      command = "ul";
    else if (event.shiftKey && (event.code === "Digit7" || key === "7" || key === "&"))
      command = "ol";
    // Italic, underline and the like are not part of the overview.
    else if (!event.shiftKey && !event.altKey && (key === "i" || key === "u")) {
      event.preventDefault();
      return;
    }
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(
      toolbar.current?.querySelectorAll<HTMLButtonElement>("button") ?? [],
    );
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    let next = current;
    if (event.key === "ArrowRight") next = (current + 1) % buttons.length;
    else if (event.key === "ArrowLeft") next = (current - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else if (event.key === "Escape") {
      event.preventDefault();
      area.current?.focus();
      return;
    } else return;
    event.preventDefault();
    setFocusIndex(next);
    buttons[next].focus();
  };

  return (
    <div
      className={`rounded-md border bg-white ${invalid ? "border-2 border-red-700" : "border-gray-500"}`}
      onKeyDownCapture={(event) => {
        if (event.key === "Escape") setTipsHidden(true);
      }}
    >
      <div
        ref={toolbar}
        role="toolbar"
        aria-label={t("editor.toolbar")}
        aria-controls={id}
        onKeyDown={onToolbarKeyDown}
        onMouseLeave={() => setTipsHidden(false)}
        className="flex flex-wrap items-center gap-1 rounded-t-md border-b border-gray-300 bg-gray-50 p-1"
      >
        {GROUPS.map((group, groupIndex) => (
          <div key={group[0].command} className="flex items-center gap-1">
            {groupIndex > 0 ? (
              <span aria-hidden="true" className="mx-1 h-6 w-px bg-gray-300" />
            ) : null}
            {group.map((button) => {
              const own = BUTTONS.indexOf(button);
              const on = button.toggle ? pressed(state, button.command) : undefined;
              const name = t(`editor.${button.command}`);
              return (
                // The tooltip stands beside its button (a hover over either keeps it shown).
                <span key={button.command} className="group relative inline-flex">
                  <button
                    type="button"
                    tabIndex={own === focusIndex ? 0 : -1}
                    aria-label={name}
                    aria-pressed={on}
                    aria-keyshortcuts={button.shortcut}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setTipsHidden(false)}
                    onFocus={() => {
                      setFocusIndex(own);
                      setTipsHidden(false);
                    }}
                    onClick={() => run(button.command)}
                    className={`peer inline-flex h-11 w-11 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${
                      on
                        ? "bg-brand-100 text-brand-800 ring-1 ring-brand-600 ring-inset"
                        : "text-gray-800 hover:bg-gray-200"
                    }`}
                  >
                    <Icon name={button.icon} className="h-5 w-5" />
                  </button>
                  <span
                    aria-hidden="true"
                    className={`absolute top-full z-20 pt-1 ${groupIndex < 2 ? "left-0" : "right-0"} ${
                      tipsHidden ? "hidden" : "hidden group-hover:block peer-focus-visible:block"
                    }`}
                  >
                    <span className="block rounded bg-gray-900 px-2 py-1 text-xs font-semibold whitespace-nowrap text-white">
                      {name}{" "}
                      <span className="font-normal text-gray-200">
                        {shortcutLabel(button.shortcut, mac)}
                      </span>
                    </span>
                  </span>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useSemanticElements: a rich text editor (a textarea holds plain text only), focusable as contentEditable */}
      <div
        ref={area}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        spellCheck
        onInput={changed}
        onKeyDown={onAreaKeyDown}
        onFocus={() => document.execCommand("defaultParagraphSeparator", false, "p")}
        onPaste={paste}
        onDrop={(event) => event.preventDefault()}
        className="overview-editor min-h-64 max-h-[32rem] overflow-y-auto px-3 py-2 text-base text-gray-900 focus:outline-2 focus:outline-offset-2 focus:outline-brand-600 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_li]:ml-6 [&_ol]:mb-2 [&_ol]:list-decimal [&_p]:mb-2 [&_ul]:mb-2 [&_ul]:list-disc"
      />
    </div>
  );
}
