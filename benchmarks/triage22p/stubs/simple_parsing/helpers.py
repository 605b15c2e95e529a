class Serializable:
    pass
