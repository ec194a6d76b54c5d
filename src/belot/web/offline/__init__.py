"""The pages offline: the installable app (web app manifest, service worker) and the same
engine on the device (`belot.core` run by Pyodide in a Web Worker).

`engine` is what the device runs (no web framework, no database, no Babel); `pack` is the
server's side: what the device downloads, and the routes that serve it. Importing this
package loads neither.
"""
