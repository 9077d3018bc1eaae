print("navdisplay")
