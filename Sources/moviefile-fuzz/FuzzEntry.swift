@main struct Stub { static func main() {} }
