-- Neovim's own LSP client (0.7: start_client, buf_attach_client, buf_request_sync) against `headerc lsp`,
-- headless. Arguments through the environment: HEADERC (the binary), SPEC (the file to open), RESULT (where
-- to write what the client got, one fact a line, for the Swift test to check).
local binary, spec, result = os.getenv("HEADERC"), os.getenv("SPEC"), os.getenv("RESULT")
local lines = {}
local function say(text) table.insert(lines, text) end
local function finish()
  local file = io.open(result, "w")
  file:write(table.concat(lines, "\n") .. "\n")
  file:close()
  vim.cmd("qall!")
end

local diagnostics = nil
local client = vim.lsp.start_client({
  name = "headerc",
  cmd = { binary, "lsp" },
  root_dir = vim.fn.getcwd(),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(_, params)
      diagnostics = params.diagnostics
    end,
  },
})
if not client then
  say("no client")
  finish()
end
vim.cmd("edit " .. spec)
local buffer = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buffer, client)
if not vim.wait(10000, function() return diagnostics ~= nil end, 20) then
  say("no diagnostics")
  finish()
end
say("diagnostics " .. #diagnostics)
for _, diagnostic in ipairs(diagnostics) do
  say("diagnostic " .. diagnostic.range.start.line .. ":" .. diagnostic.range.start.character .. " severity "
      .. diagnostic.severity .. " " .. diagnostic.message)
end

-- Hover on the first line that reads `let NAME`, on its name.
local hover_line, hover_column
for number, text in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
  local name = text:match("^let%s+()[%a_]")
  if name and not hover_line then hover_line, hover_column = number - 1, name - 1 end
end
local responses = vim.lsp.buf_request_sync(buffer, "textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = { line = hover_line, character = hover_column },
}, 10000)
for _, response in pairs(responses or {}) do
  if response.result then
    say("hover " .. response.result.contents.value:gsub("\n", " | "))
  end
end

-- Formatting through the client's own path, which applies the edit to the buffer.
vim.lsp.buf.formatting_sync(nil, 10000)
local formatted = io.open(result .. ".formatted", "w")
formatted:write(table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n") .. "\n")
formatted:close()
vim.lsp.stop_client(client)
finish()
