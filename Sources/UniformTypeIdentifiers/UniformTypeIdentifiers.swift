// Uniform type identifiers, as Apple's UniformTypeIdentifiers framework spells them. Apple's module re-exports
// Foundation; so does this one.
@_exported import Foundation
