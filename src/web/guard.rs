//! Who may use the table: a request that names this server as its Host, comes from its
//! own page (or no page: Origin absent) and carries the session's token.

use tiny_http::Request;

/// Why a request was refused, in words for whoever sent it.
pub struct Refusal {
    pub status: u16,
    pub why: String,
}

/// The server's own address and the session's token.
pub struct Guard {
    hosts: [String; 2],
    token: String,
}

impl Guard {
    pub fn new(port: u16, token: String) -> Guard {
        Guard {
            hosts: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
            token,
        }
    }

    /// Lets through only a request to this server, from its page, with the token.
    pub fn check(&self, request: &Request) -> Result<(), Refusal> {
        let refused = |why: String| Err(Refusal { status: 403, why });
        let host = self.header(request, "Host").unwrap_or_default();
        if !self.hosts.iter().any(|h| *h == host) {
            return refused(format!(
                "this table answers only as http://{}/ (the request named `{host}`)",
                self.hosts[0]
            ));
        }
        if let Some(origin) = self.header(request, "Origin") {
            let own = self.hosts.iter().any(|h| origin == format!("http://{h}"));
            if !own {
                return refused(format!(
                    "this table answers only its own page, not a page from `{origin}`"
                ));
            }
        }
        let query = request.url().split_once('?').map_or("", |(_, q)| q);
        let token = query.split('&').find_map(|pair| pair.strip_prefix("t="));
        if token != Some(self.token.as_str()) {
            return refused(
                "this table needs the address houserules printed, token and all (`web` at the REPL prints it again)"
                    .to_owned(),
            );
        }
        Ok(())
    }

    fn header<'r>(&self, request: &'r Request, name: &'static str) -> Option<&'r str> {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str())
    }
}
