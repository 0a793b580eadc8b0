print("modallab: not yet")
