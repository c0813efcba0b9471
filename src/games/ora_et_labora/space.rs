//! One space of a landscape: its terrain and what lies on it, and how the data files
//! write them ("plains+forest", "hillside+L1").

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Terrain {
    Water,
    Coast,
    Plains,
    Hillside,
    Mountain,
}

impl Terrain {
    pub const ALL: [Terrain; 5] = [
        Terrain::Water,
        Terrain::Coast,
        Terrain::Plains,
        Terrain::Hillside,
        Terrain::Mountain,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Water => "water",
            Terrain::Coast => "coast",
            Terrain::Plains => "plains",
            Terrain::Hillside => "hillside",
            Terrain::Mountain => "mountain",
        }
    }

    pub fn by_name(name: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == name)
    }

    /// One letter for text pictures.
    pub fn letter(self) -> char {
        match self {
            Terrain::Water => 'W',
            Terrain::Coast => 'C',
            Terrain::Plains => 'P',
            Terrain::Hillside => 'H',
            Terrain::Mountain => 'M',
        }
    }
}

/// What covers a space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    Empty,
    Forest,
    Moor,
    Building(String),
    Settlement(String),
}

impl Content {
    /// "empty", "forest", "moor", "building", "settlement".
    pub fn kind(&self) -> &'static str {
        match self {
            Content::Empty => "empty",
            Content::Forest => "forest",
            Content::Moor => "moor",
            Content::Building(_) => "building",
            Content::Settlement(_) => "settlement",
        }
    }

    /// The card id of a building or settlement.
    pub fn card(&self) -> Option<&str> {
        match self {
            Content::Building(id) | Content::Settlement(id) => Some(id),
            _ => None,
        }
    }
}

/// A space as written in the table file: terrain and what starts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpaceDef {
    pub terrain: Terrain,
    pub content: Content,
}

impl SpaceDef {
    /// Reads "terrain" or "terrain+content" (content: forest, moor or a building id).
    pub fn parse(text: &str) -> Result<SpaceDef, String> {
        let (terrain, content) = match text.split_once('+') {
            Some((t, c)) => (t, Some(c)),
            None => (text, None),
        };
        let terrain = Terrain::by_name(terrain).ok_or_else(|| {
            format!("`{terrain}` is not a terrain (water, coast, plains, hillside, mountain)")
        })?;
        let content = match content {
            None => Content::Empty,
            Some("forest") => Content::Forest,
            Some("moor") => Content::Moor,
            Some("") => return Err(format!("`{text}`: nothing after `+`")),
            Some(id) => Content::Building(id.to_owned()),
        };
        Ok(SpaceDef { terrain, content })
    }
}

impl fmt::Display for SpaceDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.content {
            Content::Empty => f.write_str(self.terrain.name()),
            Content::Forest | Content::Moor => {
                write!(f, "{}+{}", self.terrain.name(), self.content.kind())
            }
            Content::Building(id) | Content::Settlement(id) => {
                write!(f, "{}+{id}", self.terrain.name())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_read_and_write_back() {
        for text in [
            "plains",
            "plains+forest",
            "plains+moor",
            "hillside+L1",
            "water",
        ] {
            assert_eq!(SpaceDef::parse(text).unwrap().to_string(), text);
        }
        let clay = SpaceDef::parse("hillside+L1").unwrap();
        assert_eq!(clay.content.card(), Some("L1"));
        assert_eq!(clay.content.kind(), "building");
        assert!(SpaceDef::parse("lava").is_err());
        assert!(SpaceDef::parse("plains+").is_err());
    }

    #[test]
    fn terrain_names_and_letters() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::by_name(t.name()), Some(t));
        }
        let letters: String = Terrain::ALL.iter().map(|t| t.letter()).collect();
        assert_eq!(letters, "WCPHM");
    }
}
