from hulldown.cli import main

main()
